import { hash, verify } from '@node-rs/argon2';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';

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

/** Keys derived from JWT_SECRET with HKDF, one per use, so no key serves two purposes. */
export interface AccountKeys {
  /** HMAC key of one-time and recovery codes: 6 digits alone would fall to a table lookup. */
  codeKey: Buffer;
  /** AES-256-GCM key sealing the PIN and the TOTP secret (both must be read back). */
  sealKey: Buffer;
}

/** Derives the module's keys from the JWT secret. */
export function deriveKeys(secret: string): AccountKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'songkhoe-accounts', info, 32));
  return { codeKey: derive('code-hmac'), sealKey: derive('seal-aes-256-gcm') };
}

/** HMAC-SHA-256 hex of a code under the code key. */
export const hashCode = (keys: AccountKeys, code: string): string =>
  createHmac('sha256', keys.codeKey).update(code).digest('hex');

/** AES-256-GCM: base64url(iv 12 | tag 16 | ciphertext). */
export function seal(keys: AccountKeys, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.sealKey, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens what `seal` produced; throws when it was tampered with or sealed under another key. */
export function open(keys: AccountKeys, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.sealKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
