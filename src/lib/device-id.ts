import { STORAGE_KEYS, storage } from './storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True for an RFC 4122 UUID (spec section 5: device_id must match a UUID pattern). */
export const isUuid = (value: string | null | undefined): value is string => !!value && UUID.test(value);

/** A random v4 UUID; crypto.randomUUID only exists in secure contexts, so build one otherwise. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The device id sent as the `unique` header: kept in localStorage `device_id`, and replaced when
 * the stored value is missing or not a UUID (older builds or hand edits).
 */
export function deviceId(): string {
  const stored = storage.get(STORAGE_KEYS.deviceId);
  if (isUuid(stored)) return stored;
  const fresh = newUuid();
  storage.set(STORAGE_KEYS.deviceId, fresh);
  return fresh;
}
