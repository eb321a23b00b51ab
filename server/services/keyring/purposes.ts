import { hkdfSync } from 'node:crypto';

/** What a key is for: each purpose has its own keys (ARCHITECTURE.md "Keys"). */
export type KeyPurpose = 'access-token' | 'code-hmac' | 'seal' | 'url-signing' | 'captcha';
export const KEY_PURPOSES: readonly KeyPurpose[] = [
  'access-token',
  'code-hmac',
  'seal',
  'url-signing',
  'captcha',
];

/**
 * Purposes whose older keys `keys rotate --keep` may retire: what they sign or seal can be renewed
 * (sessions, re-encrypted secrets) or lives minutes (signed file URLs, captcha challenges). Code
 * hashes cannot: a recovery code is known only to its owner.
 */
export const RETIRABLE_PURPOSES: readonly KeyPurpose[] = ['access-token', 'seal', 'url-signing', 'captcha'];

/** Key id of the keys derived from JWT_SECRET, and of every value written without a key id. */
export const LEGACY_KID = '0';

/**
 * The keys derived from JWT_SECRET exactly as before key ids: access tokens and captcha challenges
 * used the secret itself (the captcha derives its two HMAC secrets from the key), the others HKDF.
 */
export function legacyKeys(jwtSecret: string): Record<KeyPurpose, Buffer> {
  const derive = (salt: string, info: string) => Buffer.from(hkdfSync('sha256', jwtSecret, salt, info, 32));
  return {
    'access-token': Buffer.from(jwtSecret, 'utf8'),
    'code-hmac': derive('songkhoe-accounts', 'code-hmac'),
    seal: derive('songkhoe-accounts', 'seal-aes-256-gcm'),
    'url-signing': derive('songkhoe-storage', 'signed-urls'),
    captcha: Buffer.from(jwtSecret, 'utf8'),
  };
}
