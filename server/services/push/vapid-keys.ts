import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { Database } from '../../db/database';
import type { VapidKeys } from './web-push-provider';

/** The key that seals the stored private key (derived from JWT_SECRET; used for nothing else). */
const sealKey = (jwtSecret: string) =>
  Buffer.from(hkdfSync('sha256', jwtSecret, 'songkhoe-push', 'vapid-private-key', 32));

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * The embedded default's VAPID key pair (outside production, when the environment has none): made
 * by the first process that asks and kept in `push_vapid_keys` (migration 033), since every browser
 * subscription is bound to the public key. Processes starting together agree: the insert keeps the
 * first pair and everyone reads that one. Read as the owner: the app role cannot see the table.
 */
export async function storedVapidKeys(db: Database, jwtSecret: string): Promise<VapidKeys> {
  const key = sealKey(jwtSecret);
  return db.owner(async (sql) => {
    const fresh = webpush.generateVAPIDKeys();
    await sql.query(
      `INSERT INTO push_vapid_keys (id, public_key, private_key_sealed) VALUES (1, $1, $2)
       ON CONFLICT (id) DO NOTHING`,
      [fresh.publicKey, seal(key, fresh.privateKey)],
    );
    const { rows } = await sql.query<{ public_key: string; private_key_sealed: string }>(
      'SELECT public_key, private_key_sealed FROM push_vapid_keys WHERE id = 1',
    );
    const row = rows[0]!;
    try {
      return { publicKey: row.public_key, privateKey: unseal(key, row.private_key_sealed) };
    } catch {
      throw new Error(
        'push: the stored VAPID key does not open with this JWT_SECRET (did JWT_SECRET change?)',
      );
    }
  });
}
