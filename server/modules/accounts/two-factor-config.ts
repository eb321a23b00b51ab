import { randomBytes } from 'node:crypto';
import type { Static } from 'typebox';
import { Two2NFType, type ConfigTwoFactorRequest, type TwoFactorSetup } from '../../../schemas/accounts';
import { ApiError } from '../../lib/api-error';
import { audit } from './audit';
import type { Ctx } from './context';
import { hashCode, open, seal } from './crypto';
import { confirmPassword, currentUser } from './current-user';
import { newTotpSecret, totpEnrolment, totpStep } from './totp';
import { updateUser } from './users-repository';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A recovery code xxxxx-xxxxx (50 bits from the CSPRNG). */
function recoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Users/ConfigTwo2NFUser (password always required). none/email: set at once. Authenticator app:
 * without `otp` a new secret is kept pending and its otpauth URI and QR code returned; with the
 * first `otp` it becomes active and 10 single-use recovery codes are returned once (stored hashed).
 */
export async function configureTwoFactor(
  ctx: Ctx,
  userId: number,
  body: Static<typeof ConfigTwoFactorRequest>,
): Promise<ApiError | Static<typeof TwoFactorSetup>> {
  const user = await currentUser(ctx, userId);
  const refused = await confirmPassword(ctx, user, body.password, 'two_factor_change');
  if (refused) return refused;
  const none = { secret: null, otpauthUri: null, qrCode: null, recoveryCodes: null };
  const record = (outcome: string) =>
    audit(ctx.sql, {
      userId,
      event: 'two_factor_change',
      outcome,
      deviceKey: ctx.deviceKey,
      ip: ctx.ip,
      at: ctx.now,
    });
  if (body.two2NFType !== Two2NFType.AuthenticatorApp) {
    if (body.two2NFType === Two2NFType.Email && !user.email)
      return new ApiError(400, 'invalid_request', ['valid_email']);
    await updateUser(ctx.sql, userId, {
      two_factor_type: body.two2NFType,
      totp_secret: null,
      totp_pending_secret: null,
    });
    await ctx.sql.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await record(`type_${body.two2NFType}`);
    return { two2NFType: body.two2NFType, enabled: body.two2NFType !== Two2NFType.None, ...none };
  }
  const label = user.email ?? `${user.phone_code}${user.mobile_number}`;
  if (!body.otp || !user.totp_pending_secret) {
    const secret = newTotpSecret();
    await updateUser(ctx.sql, userId, { totp_pending_secret: seal(ctx.deps.keys, secret) });
    const { uri, qrCode } = await totpEnrolment(secret, ctx.brand, label);
    return {
      two2NFType: Two2NFType.AuthenticatorApp,
      enabled: false,
      secret,
      otpauthUri: uri,
      qrCode,
      recoveryCodes: null,
    };
  }
  const pending = await open(ctx.deps.keys, user.totp_pending_secret);
  const step = totpStep(pending, body.otp, ctx.now, 0);
  if (step === null) return new ApiError(400, 'enter_valid_OTP', ['enter_valid_OTP']);
  const codes = Array.from({ length: 10 }, recoveryCode);
  await updateUser(ctx.sql, userId, {
    two_factor_type: Two2NFType.AuthenticatorApp,
    totp_secret: user.totp_pending_secret,
    totp_pending_secret: null,
    totp_last_step: step,
  });
  await ctx.sql.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  for (const code of codes) {
    await ctx.sql.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
      userId,
      hashCode(ctx.deps.keys, code),
    ]);
  }
  await record('type_2');
  return { two2NFType: Two2NFType.AuthenticatorApp, enabled: true, ...none, recoveryCodes: codes };
}
