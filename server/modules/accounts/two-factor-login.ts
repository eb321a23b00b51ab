import { RECOVERY_CODE_PATTERN, Two2NFType } from '../../../schemas/accounts';
import { ApiError } from '../../lib/api-error';
import { InternalPurpose, checkCode } from './codes';
import type { Ctx } from './context';
import { codeMatches, open, sha256 } from './crypto';
import { finishSignIn } from './sign-in';
import { totpStep } from './totp';
import { findUserById, updateUser } from './users-repository';
import type { LoginData } from '../../../schemas/accounts';

const recoveryPattern = new RegExp(RECOVERY_CODE_PATTERN);

/**
 * Auth/VerifyOTPTwo2NF: the second factor of a pending sign-in (tokenTwo2NFLogin, 5 minutes, 5
 * wrong codes). Email: the code sent; authenticator app: a TOTP code or an unused recovery code.
 * The session is issued to the device that started the sign-in.
 */
export async function verifySecondFactor(
  ctx: Ctx,
  body: { two2NFType: number; otp: string; tokenTwo2NFLogin: string },
): Promise<LoginData | ApiError> {
  const wrong = new ApiError(400, 'enter_valid_OTP', ['enter_valid_OTP']);
  const { rows } = await ctx.sql.query<{
    challenge_id: number;
    user_id: number;
    device_key: string;
    device_type: number;
    trust_device: boolean;
    failures: number;
  }>(
    `SELECT challenge_id, user_id, device_key, device_type, trust_device, failures FROM login_challenges
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [sha256(body.tokenTwo2NFLogin), ctx.now],
  );
  const challenge = rows[0];
  if (!challenge || challenge.failures >= 5) return new ApiError(401, 'unauthorized');
  const user = await findUserById(ctx.sql, challenge.user_id);
  if (!user || user.status !== 'active' || user.two_factor_type !== body.two2NFType) return wrong;
  let passed = false;
  if (user.two_factor_type === Two2NFType.Email && user.email) {
    const checked = await checkCode(ctx.sql, ctx.deps.keys, {
      purpose: InternalPurpose.TwoFactor,
      address: user.email,
      userId: user.user_id,
      code: body.otp,
      now: ctx.now,
      consume: true,
    });
    passed = !(checked instanceof ApiError);
  } else if (user.two_factor_type === Two2NFType.AuthenticatorApp && user.totp_secret) {
    if (recoveryPattern.test(body.otp)) {
      // At most 10 unused codes: each is checked under the key its id names.
      const { rows: unused } = await ctx.sql.query<{ recovery_code_id: number; code_hash: string }>(
        'SELECT recovery_code_id, code_hash FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
        [user.user_id],
      );
      let match: number | null = null;
      for (const row of unused)
        if (await codeMatches(ctx.deps.keys, row.code_hash, body.otp)) match = row.recovery_code_id;
      const { rows: used } =
        match === null
          ? { rows: [] }
          : await ctx.sql.query(
              'UPDATE recovery_codes SET used_at = $2 WHERE recovery_code_id = $1 AND used_at IS NULL RETURNING recovery_code_id',
              [match, ctx.now],
            );
      passed = used.length === 1;
    } else {
      const step = totpStep(
        await open(ctx.deps.keys, user.totp_secret),
        body.otp,
        ctx.now,
        user.totp_last_step,
      );
      passed = step !== null;
      if (step !== null) await updateUser(ctx.sql, user.user_id, { totp_last_step: step });
    }
  }
  if (!passed) {
    await ctx.sql.query('UPDATE login_challenges SET failures = failures + 1 WHERE challenge_id = $1', [
      challenge.challenge_id,
    ]);
    return wrong;
  }
  await ctx.sql.query('UPDATE login_challenges SET used_at = $2 WHERE challenge_id = $1', [
    challenge.challenge_id,
    ctx.now,
  ]);
  return finishSignIn(
    { ...ctx, deviceKey: challenge.device_key, deviceType: challenge.device_type },
    user,
    challenge.trust_device,
  );
}
