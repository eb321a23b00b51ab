import type { Sql } from '../../db/database';
import { masterKey, unwrap, wrap } from './master';
import { KEY_PURPOSES, LEGACY_KID, legacyKeys } from './purposes';

/** Before every key made in the table, so that key 0 stays the oldest (and is retired first). */
const KEY_ZERO_CREATED_AT = new Date(0);

/**
 * Moves the ring from the old JWT_SECRET to the new one, in the caller's transaction (as the
 * owner): every table key is sealed again under the new master key, and each purpose's key 0 of
 * the old secret (what tokens, hashes and sealed values without a key id were made with) is kept
 * in the table, so a secret change signs no one out and breaks no PIN, TOTP secret or recovery
 * code. Throws, changing nothing, when the old secret does not open the table's keys.
 * @returns how many keys were sealed again and how many key 0s were kept
 */
export async function changeMasterSecret(
  sql: Sql,
  oldSecret: string,
  newSecret: string,
): Promise<{ resealed: number; kept: number }> {
  if (oldSecret === newSecret) throw new Error('keyring: the old and the new secret are the same');
  const [oldMaster, newMaster] = [masterKey(oldSecret), masterKey(newSecret)];
  const { rows } = await sql.query<{ kid: string; purpose: string; material: string }>(
    `SELECT kid, purpose, material FROM keyring ORDER BY purpose, kid FOR UPDATE`,
  );
  for (const row of rows) {
    let material: Buffer;
    try {
      material = unwrap(oldMaster, row.kid, row.material);
    } catch {
      throw new Error(`keyring: key ${row.purpose}/${row.kid} does not open with the old secret`);
    }
    await sql.query(`UPDATE keyring SET material = $3 WHERE purpose = $1 AND kid = $2`, [
      row.purpose,
      row.kid,
      wrap(newMaster, row.kid, material),
    ]);
  }
  const legacy = legacyKeys(oldSecret);
  let kept = 0;
  for (const purpose of KEY_PURPOSES) {
    if (rows.some((r) => r.purpose === purpose && r.kid === LEGACY_KID)) continue;
    await sql.query(`INSERT INTO keyring (kid, purpose, material, created_at) VALUES ($1, $2, $3, $4)`, [
      LEGACY_KID,
      purpose,
      wrap(newMaster, LEGACY_KID, legacy[purpose]),
      KEY_ZERO_CREATED_AT,
    ]);
    kept += 1;
  }
  return { resealed: rows.length, kept };
}
