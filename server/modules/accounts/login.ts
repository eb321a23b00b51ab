import { ApiError } from '../../lib/api-error';
import { sendMessage } from '../../services/delivery/index';
import { audit } from './audit';
import { InternalPurpose, issueOrKeepCode } from './codes';
import type { Ctx } from './context';
import { hashSecret, verifySecret } from './crypto';
import { resolveLoginName } from './login-name';
import { hit, isOverLimit, LIMITS } from './rate-limit';
import { accountData, continueSignIn, type SignInReply } from './sign-in';
import { findUserByAddress, primaryAddress, updateUser, type UserRow } from './users-repository';

/** 5 wrong passwords within 15 minutes lock the account (AccountLocked) until forgot password. */
export const MAX_PASSWORD_FAILURES = 5;
export const PASSWORD_FAILURE_WINDOW_SECONDS = 900;

// Verifying against a real hash when the account does not exist keeps the timing of "no such
// account" and "wrong password" alike (no account enumeration by stopwatch).
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashSecret('not-a-real-password-0'));

/** Step 1 (read only): the account of a login name, and whether this IP is over its limit. */
export async function findForLogin(
  ctx: Ctx,
  userName: string,
  countryId?: number,
): Promise<{ user: UserRow | null; loginName: string }> {
  if (await isOverLimit(ctx, `login-fail:ip:${ctx.ip}`, LIMITS.failedLoginsPerIp, ctx.now)) {
    throw new ApiError(429, 'too_many_requests');
  }
  const login = await resolveLoginName(ctx.sql, userName, countryId);
  return { user: await findUserByAddress(ctx.sql, login), loginName: login.address };
}

/** The password check, outside any transaction (argon2id takes tens of milliseconds). */
export async function passwordMatches(user: UserRow | null, password: string): Promise<boolean> {
  if (!user || user.status === 'deleted') {
    await verifySecret(await dummy(), password);
    return false;
  }
  return verifySecret(user.password_hash, password);
}

/**
 * Step 2: the outcome of a password sign-in (spec section 4). Refusals are returned (not thrown)
 * so the failure count and the audit row commit.
 */
export async function passwordSignIn(
  ctx: Ctx,
  found: { user: UserRow | null; loginName: string },
  matches: boolean,
): Promise<SignInReply | ApiError> {
  const { loginName } = found;
  const record = (outcome: string) =>
    audit(ctx.sql, {
      userId: found.user?.user_id ?? null,
      loginName,
      event: 'sign_in_password',
      outcome,
      deviceKey: ctx.deviceKey,
      ip: ctx.ip,
      at: ctx.now,
    });
  if (!found.user || found.user.status === 'deleted') {
    await hit(ctx, `login-fail:ip:${ctx.ip}`, LIMITS.failedLoginsPerIp, ctx.now, { refuse: false });
    await record('unknown_account');
    return new ApiError(401, 'UserNameOrPasswordFail');
  }
  // The failure count as it is now, row locked until commit: concurrent wrong passwords (through
  // any server process) are counted one after another, not all from the same stale read.
  const { rows } = await ctx.sql.query<Pick<UserRow, 'failed_logins' | 'first_failed_at' | 'locked_at'>>(
    'SELECT failed_logins, first_failed_at, locked_at FROM users WHERE user_id = $1 FOR UPDATE',
    [found.user!.user_id],
  );
  const user = { ...found.user!, ...rows[0] };
  if (user.locked_at) {
    await record('locked');
    return new ApiError(423, 'AccountLocked');
  }
  if (!matches) {
    await hit(ctx, `login-fail:ip:${ctx.ip}`, LIMITS.failedLoginsPerIp, ctx.now, { refuse: false });
    const windowStart = new Date(ctx.now.getTime() - PASSWORD_FAILURE_WINDOW_SECONDS * 1000);
    const fresh = !user.first_failed_at || new Date(user.first_failed_at) < windowStart;
    const failures = fresh ? 1 : user.failed_logins + 1;
    const lock = failures >= MAX_PASSWORD_FAILURES;
    await updateUser(ctx.sql, user.user_id, {
      failed_logins: failures,
      first_failed_at: fresh ? ctx.now : user.first_failed_at,
      locked_at: lock ? ctx.now : null,
    });
    await record(lock ? 'wrong_password_locked' : 'wrong_password');
    return new ApiError(lock ? 423 : 401, lock ? 'AccountLocked' : 'UserNameOrPasswordFail');
  }
  if (user.failed_logins)
    await updateUser(ctx.sql, user.user_id, { failed_logins: 0, first_failed_at: null });
  if (user.locked_by_admin) {
    await record('locked_by_admin');
    return new ApiError(403, 'AccountLockedByAdmin');
  }
  if (user.status === 'pending') {
    const to = primaryAddress(user);
    const code = await issueOrKeepCode(ctx, ctx.deps.keys, {
      purpose: InternalPurpose.Register,
      address: to.address,
      userId: user.user_id,
      ip: ctx.ip,
      now: ctx.now,
    });
    if (code)
      await sendMessage(ctx.sql, ctx.delivery, {
        channel: to.channel,
        to: to.address,
        kind: 'register',
        lang: ctx.lang,
        brand: ctx.brand,
        code,
      });
    await record('not_active');
    return { code: 'AccountNotActive', data: accountData(user) };
  }
  if (user.must_change_password) {
    await record('password_change_required');
    return { code: 'PassNew', data: accountData(user) };
  }
  return continueSignIn(ctx, user, {
    deviceProven: false,
    secondFactorDone: false,
    event: 'sign_in_password',
  });
}
