/**
 * The accounts module's public API for other modules (the personal data export and the
 * purge of deleted accounts). The routes are registered from ./routes.
 */
import type { Sql } from '../../db/database';
import { profileOf } from './current-user';
import { findUserById } from './users-repository';

export { hit as rateHit } from './rate-limit';
/** The accounts clock, moved by tests of other modules (a referral's expiry, a code's age). */
export { setNow as setAccountsNow } from './clock';
export { DELETE_GRACE_DAYS, purgeDeletedAccounts, userIdByLogin } from './admin-ops';
export {
  createCareAccount,
  sendCareInvitation,
  type CareAccountOutcome,
  type CareTarget,
} from './care-accounts';

/**
 * The account's profile for the personal data export: what the user sees in their profile
 * (no password hash, PIN, second-factor secret or token), or null when there is no such user.
 */
export async function exportProfile(sql: Sql, userId: number) {
  const user = await findUserById(sql, userId);
  return user ? profileOf(user) : null;
}
export { accountsRoutes } from './routes';
