import type { UserProfile } from '../../../schemas/accounts';
import { ApiError } from '../../lib/api-error';
import { audit } from './audit';
import type { Ctx } from './context';
import { verifySecret } from './crypto';
import { hit } from './rate-limit';
import { findUserById, type UserRow } from './users-repository';

/** Wrong passwords on signed-in checks: 10 per 15 minutes per account, then 429. */
const PASSWORD_CHECKS = { max: 10, windowSeconds: 900 };

/** The signed-in account (active, not locked), else 401. */
export async function currentUser(ctx: Ctx, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.sql, userId);
  if (!user || user.status !== 'active' || user.locked_by_admin || user.locked_at)
    throw new ApiError(401, 'unauthorized');
  return user;
}

/**
 * Re-checks the account's password before a sensitive change. Returns 400 PasswordConfirmFail
 * (counted, audited) or null; the caller returns the error so that the count commits.
 */
export async function confirmPassword(
  ctx: Ctx,
  user: UserRow,
  password: string,
  event: string,
): Promise<ApiError | null> {
  if (await verifySecret(user.password_hash, password)) return null;
  await audit(ctx.sql, {
    userId: user.user_id,
    event,
    outcome: 'wrong_password',
    deviceKey: ctx.deviceKey,
    ip: ctx.ip,
    at: ctx.now,
  });
  try {
    await hit(ctx, `password-check:${user.user_id}`, PASSWORD_CHECKS, ctx.now);
  } catch (error) {
    return error as ApiError;
  }
  return new ApiError(400, 'PasswordConfirmFail', ['PasswordConfirmFail']);
}

/** The profile reply of an account. */
export function profileOf(user: UserRow): UserProfile {
  return {
    userId: user.user_id,
    fullName: user.full_name,
    email: user.email,
    phoneCode: user.phone_code,
    countryId: user.country_id,
    mobileNumber: user.mobile_number,
    gender: user.gender,
    dateOfBirth: user.date_of_birth,
    two2NFType: user.two_factor_type,
    warningType: user.warning_type,
    hasPinCode: user.pin_hash !== null,
    referralId: user.referral_id,
    role: user.role,
  };
}
