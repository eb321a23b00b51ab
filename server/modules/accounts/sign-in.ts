import { Two2NFType, type LoginData } from '../../../schemas/accounts';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import { sendMessage } from '../../services/delivery/index';
import { keepPushToken } from '../../services/push/index';
import { notify } from '../messages/index';
import { audit } from './audit';
import { InternalPurpose, issueOrKeepCode } from './codes';
import type { Ctx } from './context';
import { randomToken, sha256 } from './crypto';
import { isTrustedDevice, touchDevice } from './devices';
import { startSession } from './tokens';
import { primaryAddress, updateUser, type UserRow } from './users-repository';

/** A login-like reply: data, and a step code (LoginStrangeDevice, AccountNotActive, PassNew) or null. */
export interface SignInReply {
  code: string | null;
  data: LoginData;
}

/** Second-factor sign-ins must finish within 5 minutes, with at most 5 wrong codes. */
export const CHALLENGE_TTL_SECONDS = 300;

/** The reply fields that describe the account, with no token (program names in `lang`). */
export function accountData(user: UserRow, lang: LanguageCode = 'vi'): LoginData {
  return {
    token: null,
    refreshToken: null,
    tokenTwo2NFLogin: null,
    two2NFType: user.two_factor_type,
    email: user.email,
    phoneCode: user.phone_code,
    mobileNumber: user.mobile_number,
    userId: user.user_id,
    fullName: user.full_name,
    listHealthProgram: (user.health_programs ?? []).map((p) => ({ id: p.id, name: p[lang] })),
    userCallDiriectProgramId: user.call_program_id ?? null,
    role: user.role,
  };
}

/**
 * Whether this device is strange for the account: the account already has trusted devices
 * (devices_trusted_since set) and this device key is not one of them. The very first device
 * of an account is trusted without a code.
 */
export async function isStrangeDevice(ctx: Ctx, user: UserRow): Promise<boolean> {
  if (!user.devices_trusted_since) return false;
  return !(await isTrustedDevice(ctx.sql, user.user_id, ctx.deviceKey));
}

/**
 * After the first factor (password or one-time code) is proven: the strange-device step, then the
 * second factor, then tokens. `deviceProven`: the caller already proved the device (a code sent to
 * the account's own address), so it becomes trusted. `secondFactorDone` skips the 2FA step.
 */
export async function continueSignIn(
  ctx: Ctx,
  user: UserRow,
  options: { deviceProven: boolean; secondFactorDone: boolean; event: string },
): Promise<SignInReply> {
  const base = accountData(user, ctx.lang);
  const audited = (outcome: string) =>
    audit(ctx.sql, {
      userId: user.user_id,
      event: options.event,
      outcome,
      deviceKey: ctx.deviceKey,
      ip: ctx.ip,
      at: ctx.now,
    });
  if (!options.deviceProven && (await isStrangeDevice(ctx, user))) {
    const to = primaryAddress(user);
    const code = await issueOrKeepCode(ctx, ctx.deps.keys, {
      purpose: InternalPurpose.ReliableDevice,
      address: to.address,
      userId: user.user_id,
      ip: ctx.ip,
      now: ctx.now,
    });
    if (code)
      await sendMessage(ctx.sql, ctx.delivery, {
        channel: to.channel,
        to: to.address,
        kind: 'new-device-code',
        lang: ctx.lang,
        brand: ctx.brand,
        code,
      });
    await audited('strange_device');
    return { code: 'LoginStrangeDevice', data: base };
  }
  if (user.two_factor_type !== Two2NFType.None && !options.secondFactorDone) {
    const token = randomToken();
    await ctx.sql.query(
      `INSERT INTO login_challenges (user_id, token_hash, device_key, device_type, trust_device, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        user.user_id,
        sha256(token),
        ctx.deviceKey,
        ctx.deviceType,
        options.deviceProven,
        new Date(ctx.now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
      ],
    );
    if (user.two_factor_type === Two2NFType.Email && user.email) {
      const code = await issueOrKeepCode(ctx, ctx.deps.keys, {
        purpose: InternalPurpose.TwoFactor,
        address: user.email,
        userId: user.user_id,
        ip: ctx.ip,
        now: ctx.now,
      });
      if (code)
        await sendMessage(ctx.sql, ctx.delivery, {
          channel: 'email',
          to: user.email,
          kind: 'two-factor',
          lang: ctx.lang,
          brand: ctx.brand,
          code,
        });
    }
    await audited('second_factor_required');
    return { code: null, data: { ...base, tokenTwo2NFLogin: token } };
  }
  return { code: null, data: await finishSignIn(ctx, user, options.deviceProven) };
}

/** Issues the session: the device is recorded (trusted when proven or first), tokens returned. */
export async function finishSignIn(ctx: Ctx, user: UserRow, trust: boolean): Promise<LoginData> {
  const first = !user.devices_trusted_since && ctx.deviceKey !== '';
  const device = await touchDevice(ctx.sql, user.user_id, ctx, trust || first, ctx.now);
  if (first) await updateUser(ctx.sql, user.user_id, { devices_trusted_since: ctx.now });
  if (device.isNew && user.warning_type === 1 && user.email && !first) {
    await sendMessage(ctx.sql, ctx.delivery, {
      channel: 'email',
      to: user.email,
      kind: 'new-device-alert',
      lang: ctx.lang,
      brand: ctx.brand,
      device: `${ctx.userAgent.slice(0, 80) || 'unknown'}, IP ${ctx.ip}`,
    });
  }
  if (device.isNew && user.warning_type === 1 && !first) {
    // The email above goes out at once (like the codes); the event adds the in-app record and push.
    await notify(ctx.sql, ctx.config, {
      event: 'new-device-sign-in',
      userId: user.user_id,
      key: `new-device-sign-in:${device.deviceId}`,
      values: {
        device: `${ctx.userAgent.slice(0, 80) || 'unknown'}, IP ${ctx.ip}`,
        path: '/me/profile-settings/',
      },
      notificationValues: { DeviceId: device.deviceId },
      now: ctx.now,
    });
  }
  const session = await startSession(ctx.sql, ctx.deps.issue, {
    tenant: ctx.tenant,
    userId: user.user_id,
    deviceId: device.deviceId,
    deviceKey: ctx.deviceKey,
    now: ctx.now,
  });
  // The browser's push token (deviceTokenWeb): pushes for this account now reach this device.
  if (ctx.pushToken)
    await keepPushToken(ctx.sql, ctx.tenant, user.user_id, ctx.deviceKey, ctx.pushToken, ctx.now);
  await audit(ctx.sql, {
    userId: user.user_id,
    event: 'sign_in',
    outcome: 'success',
    deviceKey: ctx.deviceKey,
    ip: ctx.ip,
    at: ctx.now,
  });
  return { ...accountData(user, ctx.lang), ...session };
}
