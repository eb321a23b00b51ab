import { hash, verify } from '@node-rs/argon2';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { LEGACY_KID, type Keyring } from '../../services/keyring/index';

/**
 * argon2id (OWASP minimum): 19 MiB of memory, 2 passes, 1 lane. One hash costs ~20-40 ms of CPU
 * on this machine (tests/load/login.bench.ts measures it), under the 100 ms budget of a login.
 * `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolatedModules cannot import).
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id PHC string of a password or PIN. */
export const hashSecret = (secret: string): Promise<string> => hash(secret, ARGON2_OPTIONS);

/** Whether a secret matches its argon2id hash (false for a malformed hash). */
export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

/** SHA-256 hex: refresh tokens and second-factor tokens are stored only as this. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random 6-digit code from the CSPRNG. */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A random opaque token (256 bits, base64url). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * The module's keys come from the keyring (ARCHITECTURE.md "Keys"): `code-hmac` hashes one-time
 * and recovery codes (6 digits alone would fall to a table lookup), `seal` (AES-256-GCM) the PIN
 * and the TOTP secret, which must be read back. What they produce starts with the key id.
 */
export type AccountKeys = Keyring;

/** Splits `kid.value`; a value without a key id was written with the legacy key. */
function splitKid(stored: string): { kid: string; value: string } {
  const dot = stored.indexOf('.');
  return dot < 0
    ? { kid: LEGACY_KID, value: stored }
    : { kid: stored.slice(0, dot), value: stored.slice(dot + 1) };
}

const hmacHex = (key: Buffer, code: string) => createHmac('sha256', key).update(code).digest('hex');

/** `kid.` + HMAC-SHA-256 hex of a code under the current code key. */
export function hashCode(keys: AccountKeys, code: string): string {
  const key = keys.current('code-hmac');
  return `${key.kid}.${hmacHex(key.material, code)}`;
}

/**
 * Whether a stored code hash is this code's, under the key its id names (none: the legacy key).
 * A key id this process does not know yet (another process rotated) makes it read the ring again.
 */
export async function codeMatches(keys: AccountKeys, stored: string, code: string): Promise<boolean> {
  const { kid, value } = splitKid(stored);
  const key = await keys.find('code-hmac', kid);
  if (!key) return false;
  const expected = Buffer.from(hmacHex(key.material, code));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `kid.` + AES-256-GCM base64url(iv 12 | tag 16 | ciphertext) under the current seal key. */
export function seal(keys: AccountKeys, plain: string): string {
  const key = keys.current('seal');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.material, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${key.kid}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/**
 * Opens what `seal` produced with the key its id names (a value without one: the legacy key).
 * Throws when it was tampered with or its key is no longer in the ring.
 */
export async function open(keys: AccountKeys, sealed: string): Promise<string> {
  const { kid, value } = splitKid(sealed);
  const key = await keys.find('seal', kid);
  if (!key) throw new Error(`sealed value names key ${kid}, which is not in the keyring`);
  const raw = Buffer.from(value, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.material, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Whether a sealed value was written with the current seal key (else the rotate command rewrites it). */
export const sealedWithCurrent = (keys: AccountKeys, sealed: string): boolean =>
  splitKid(sealed).kid === keys.current('seal').kid;
