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
