import { ownerInTenant, type Database } from '../../db/database';
import { open, seal, sealedWithCurrent, type AccountKeys } from './crypto';

const SEALED_COLUMNS = ['totp_secret', 'totp_pending_secret', 'pin_sealed'] as const;

/**
 * Rewrites a tenant's sealed account secrets (TOTP secrets, pending TOTP secrets, PINs) that are
 * not under the current seal key, after a key rotation (`npm run admin -- keys rotate
 * --re-encrypt`): then the older seal keys can leave the ring. A value that no key in the ring
 * opens is left as it is and counted. Answers how many values it rewrote and left.
 */
export async function resealAccountSecrets(
  db: Database,
  tenant: string,
  keys: AccountKeys,
): Promise<{ resealed: number; unreadable: number }> {
  return ownerInTenant(db, tenant, async (sql) => {
    const { rows } = await sql.query<
      Record<(typeof SEALED_COLUMNS)[number], string | null> & { user_id: number }
    >(
      `SELECT user_id, ${SEALED_COLUMNS.join(', ')} FROM users
       WHERE ${SEALED_COLUMNS.map((c) => `${c} IS NOT NULL`).join(' OR ')}
       FOR UPDATE`,
    );
    let resealed = 0;
    let unreadable = 0;
    for (const row of rows) {
      const fields: Record<string, string> = {};
      for (const column of SEALED_COLUMNS) {
        const value = row[column];
        if (value === null || sealedWithCurrent(keys, value)) continue;
        try {
          fields[column] = seal(keys, await open(keys, value));
        } catch {
          unreadable += 1;
        }
      }
      const names = Object.keys(fields);
      if (!names.length) continue;
      await sql.query(
        `UPDATE users SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} WHERE user_id = $1`,
        [row.user_id, ...Object.values(fields)],
      );
      resealed += names.length;
    }
    return { resealed, unreadable };
  });
}
