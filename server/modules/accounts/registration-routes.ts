import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LoginData,
  RegisterRequest,
  ResendRegistrationRequest,
  UserIdData,
  VerifyRegistrationRequest,
} from '../../../schemas/accounts';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { messageFor } from '../../lib/messages';
import { sendMessage } from '../../services/delivery/index';
import { recordInvitation } from '../promotions/index';
import { audit } from './audit';
import { InternalPurpose, checkCode, issueCode } from './codes';
import { withCtx, type AccountsDeps, type Ctx } from './context';
import { hashSecret } from './crypto';
import { resolveLoginName } from './login-name';
import { assertPasswordAllowed } from './password-policy';
import { signInEnvelope } from './reply';
import { finishSignIn } from './sign-in';
import {
  findUserByAddress,
  findUserById,
  primaryAddress,
  updateUser,
  type UserRow,
} from './users-repository';

const tags = ['users'];

/** Sends (again) the registration code of a pending account. */
async function sendRegistrationCode(ctx: Ctx, user: UserRow): Promise<void> {
  const to = primaryAddress(user);
  const code = await issueCode(ctx, ctx.deps.keys, {
    purpose: InternalPurpose.Register,
    address: to.address,
    userId: user.user_id,
    ip: ctx.ip,
    now: ctx.now,
  });
  await sendMessage(ctx.sql, ctx.delivery, {
    channel: to.channel,
    to: to.address,
    kind: 'register',
    lang: ctx.lang,
    brand: ctx.brand,
    code,
  });
}

/** Users/CreateUser, CreateUserWithOTP, VerifyCreateUserWithOTP, ResendCreateUserWithOTP. */
export const registrationRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (
  app,
  { deps },
) => {
  for (const path of ['/Users/CreateUser', '/Users/CreateUserWithOTP']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Register (inactive until the code sent is verified)',
          body: RegisterRequest,
          response: {
            200: Envelope(UserIdData),
            ...errorReplies({ 400: ['weak_password'], 409: ['MobileEmailExist'] }),
          },
        },
      },
      async (request) => {
        const { emailPhone, password, passwordConfirm, countryId, referralId, fullName } = request.body;
        assertPasswordAllowed(password, request.tenant.config.auth.passwordPolicy);
        if (password !== passwordConfirm)
          throw new ApiError(400, 'invalid_request', ['pass_confirm_pass_same']);
        const hash = await hashSecret(password);
        const userId = await withCtx(deps, request, {}, async (ctx) => {
          const login = await resolveLoginName(ctx.sql, emailPhone, countryId);
          if (await findUserByAddress(ctx.sql, login)) return new ApiError(409, 'MobileEmailExist');
          const { rows } = await ctx.sql.query<{ user_id: number }>(
            `INSERT INTO users (email, country_id, phone_code, mobile_number, full_name, password_hash, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING user_id`,
            login.kind === 'email'
              ? [login.email, null, null, null, fullName ?? '', hash, ctx.now]
              : [null, login.countryId, login.phoneCode, login.mobileNumber, fullName ?? '', hash, ctx.now],
          );
          // Refer and earn: who invited whom (users.referral_id and a referrals row), with the
          // phone and device that may earn the reward once.
          if (referralId != null && request.tenant.config.features.referral) {
            await recordInvitation(ctx.sql, {
              tenant: request.tenant.config.code,
              inviteeId: Number(rows[0]!.user_id),
              invitedBy: referralId,
              phone: login.kind === 'email' ? null : `${login.phoneCode}${login.mobileNumber}`,
              deviceKey: ctx.deviceKey || null,
              now: ctx.now,
            });
          }
          const user = (await findUserById(ctx.sql, Number(rows[0]!.user_id)))!;
          // The registering device is remembered now and trusted once the code is verified.
          if (ctx.deviceKey) {
            await ctx.sql.query(
              `INSERT INTO login_devices (user_id, device_key, device_type, user_agent, ip, trusted, created_at, last_used_at)
               VALUES ($1, $2, $3, $4, $5, false, $6, $6)`,
              [user.user_id, ctx.deviceKey, ctx.deviceType, ctx.userAgent.slice(0, 300), ctx.ip, ctx.now],
            );
          }
          await sendRegistrationCode(ctx, user);
          await audit(ctx.sql, {
            userId: user.user_id,
            loginName: login.address,
            event: 'register',
            outcome: 'success',
            deviceKey: ctx.deviceKey,
            ip: ctx.ip,
            at: ctx.now,
          });
          return user.user_id;
        });
        return ok({ userId }, messageFor('otp_send_msg', request.lang));
      },
    );
  }

  app.post(
    '/Users/VerifyCreateUserWithOTP',
    {
      schema: {
        tags,
        summary: 'Activate a new account with its code; signs in and trusts the device',
        body: VerifyRegistrationRequest,
        response: { 200: Envelope(LoginData), ...errorReplies({ 400: ['enter_valid_OTP'] }) },
      },
    },
    async (request) => {
      const data = await withCtx(deps, request, {}, async (ctx) => {
        const user = await findUserById(ctx.sql, request.body.userId);
        if (!user || user.status !== 'pending')
          return new ApiError(400, 'enter_valid_OTP', ['enter_valid_OTP']);
        const checked = await checkCode(ctx.sql, ctx.deps.keys, {
          purpose: InternalPurpose.Register,
          address: primaryAddress(user).address,
          userId: user.user_id,
          code: request.body.otp,
          now: ctx.now,
          consume: true,
        });
        if (checked instanceof ApiError) return checked;
        await updateUser(ctx.sql, user.user_id, { status: 'active' });
        await audit(ctx.sql, {
          userId: user.user_id,
          event: 'activate',
          outcome: 'success',
          deviceKey: ctx.deviceKey,
          ip: ctx.ip,
          at: ctx.now,
        });
        return finishSignIn(ctx, { ...user, status: 'active' }, true);
      });
      return signInEnvelope({ code: null, data }, request.lang);
    },
  );

  app.post(
    '/Users/ResendCreateUserWithOTP',
    {
      schema: {
        tags,
        summary: 'Send the registration code again (60 s apart)',
        body: ResendRegistrationRequest,
        response: { 200: Envelope(UserIdData), ...errorReplies({ 404: ['NotFoundActiveAccount'] }) },
      },
    },
    async (request) => {
      await withCtx(deps, request, {}, async (ctx) => {
        const user = await findUserById(ctx.sql, request.body.userId);
        const login = await resolveLoginName(ctx.sql, request.body.emailPhone, user?.country_id ?? undefined);
        if (!user || user.status !== 'pending' || primaryAddress(user).address !== login.address) {
          return new ApiError(404, 'NotFoundActiveAccount');
        }
        await sendRegistrationCode(ctx, user);
        return null;
      });
      return ok({ userId: request.body.userId }, messageFor('otp_send_msg', request.lang));
    },
  );
};
