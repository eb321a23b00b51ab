import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The key that seals the key material in the table (never used for anything else). */
export const masterKey = (jwtSecret: string) =>
  Buffer.from(hkdfSync('sha256', jwtSecret, 'songkhoe-keyring', 'master-aes-256-gcm', 32));

export function wrap(master: Buffer, kid: string, material: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', master, iv);
  cipher.setAAD(Buffer.from(kid));
  const body = Buffer.concat([cipher.update(material), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unwrap(master: Buffer, kid: string, wrapped: string): Buffer {
  const raw = Buffer.from(wrapped, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', master, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(kid));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}
