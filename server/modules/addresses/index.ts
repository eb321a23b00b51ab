/**
 * Public API of the addresses module, for other modules (booking): nothing else in this folder
 * may be imported from outside it.
 */
import type { Sql } from '../../db/database';
import { findAddress } from './repository';

export { addressesRoutes } from './routes';
/** Texts of addresses by id, deleted ones included (an appointment keeps showing its address). */
export { addressTexts } from './repository';

/**
 * One of the user's current (not deleted) addresses with its one-line text (line, ward,
 * [district], province), or null when it is not the user's, is deleted or does not exist.
 * Run inside the request's db.tenant() transaction.
 */
export async function loadUserAddress(
  sql: Sql,
  userId: number,
  addressId: number,
): Promise<{ addressId: number; text: string } | null> {
  const address = await findAddress(sql, userId, addressId);
  return address ? { addressId: address.addressId, text: address.text } : null;
}
/** The user's current addresses, for the personal data export. */
export { listAddresses as exportAddresses } from './repository';

/**
 * Anonymises the user's addresses at the purge of a deleted account; the rows stay
 * (marked deleted) for the appointments that point at them. Returns how many rows.
 */
export async function eraseAddresses(sql: Sql, userId: number): Promise<number> {
  const { rows } = await sql.query(
    `UPDATE user_addresses SET full_name = '', phone = '', address_line = '', province_code = NULL, ward_code = NULL,
            legacy_ward = NULL, legacy_district = NULL, legacy_province = NULL, is_default = false,
            deleted_at = coalesce(deleted_at, now())
      WHERE user_id = $1 RETURNING address_id`,
    [userId],
  );
  return rows.length;
}
