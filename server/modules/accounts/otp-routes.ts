import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ChangePasswordRequest,
  LoginData,
  LoginWithOtpRequest,
  OtpType,
  RequestOtpRequest,
  UserIdData,
  VerifyOtpRequest,
} from '../../../schemas/accounts';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { messageFor } from '../../lib/messages';
import { sendMessage } from '../../services/delivery/index';
import { audit } from './audit';
import { checkCode, issueCode } from './codes';
import { withCtx, type AccountsDeps, type Ctx } from './context';
import { hashSecret } from './crypto';
import type { AccountMessageKind } from './messages';
import { resolveLoginName, type LoginAddress } from './login-name';
import { assertPasswordAllowed } from './password-policy';
import { signInEnvelope } from './reply';
import { continueSignIn } from './sign-in';
import { revokeSessions } from './tokens';
import {
  findUserByAddress,
  findUserById,
  primaryAddress,
  updateUser,
  type UserRow,
} from './users-repository';

const tags = ['auth'];
const KIND: Record<number, AccountMessageKind> = {
  0: 'login',
  1: 'forgot',
  2: 'change-mobile',
  3: 'change-email',
  7: 'view-pin',
};

/** The active account of a login name (codes for Login and ForgotPassword), else NotFoundActiveAccount. */
async function activeAccount(ctx: Ctx, login: LoginAddress): Promise<UserRow> {
  const user = await findUserByAddress(ctx.sql, login);
  if (!user || user.status !== 'active' || user.locked_by_admin)
    throw new ApiError(404, 'NotFoundActiveAccount');
  return user;
}

/** Where a code of this type goes and for which account. */
async function codeTarget(
  ctx: Ctx,
  type: number,
  username: string,
  countryId: number | undefined,
  authUserId: number | null,
) {
  if (type === OtpType.Login || type === OtpType.ForgotPassword) {
    const login = await resolveLoginName(ctx.sql, username, countryId);
    const user = await activeAccount(ctx, login);
    return {
      user,
      address: login.address,
      channel: login.kind === 'email' ? ('email' as const) : ('sms' as const),
    };
  }
  if (authUserId === null) throw new ApiError(401, 'unauthorized');
  const user = await findUserById(ctx.sql, authUserId);
  if (!user || user.status !== 'active') throw new ApiError(401, 'unauthorized');
  if (type === OtpType.ViewPin) return { user, ...primaryAddress(user) };
  const login = await resolveLoginName(ctx.sql, username, countryId);
  if ((type === OtpType.ChangeEmail) !== (login.kind === 'email')) {
    throw new ApiError(400, 'invalid_request', [
      type === OtpType.ChangeEmail ? 'valid_email' : 'must_be_bw_7_to_15',
    ]);
  }
  const owner = await findUserByAddress(ctx.sql, login);
  if (owner) throw new ApiError(409, 'MobileEmailExist');
  return {
    user,
    address: login.address,
    channel: login.kind === 'email' ? ('email' as const) : ('sms' as const),
  };
}

/** Auth/RequestOTP, LoginWithOTP, VerifyOTP, ChangePassword (forgot password). */
export const otpRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.post(
    '/Auth/RequestOTP',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary:
          'Send a one-time code (Login 0, ForgotPassword 1, ChangeMobileNumber 2, ChangeEmail 3, viewPin 7)',
        body: RequestOtpRequest,
        response: {
          200: Envelope(UserIdData),
          ...errorReplies({ 409: ['MobileEmailExist'], 429: ['otp_resend_too_soon'] }),
        },
      },
    },
    async (request) => {
      const { username, countryId, otpType } = request.body;
      const data = await withCtx(deps, request, {}, async (ctx) => {
        const target = await codeTarget(ctx, otpType, username, countryId, request.auth?.userId ?? null);
        const code = await issueCode(ctx, ctx.deps.keys, {
          purpose: otpType,
          address: target.address,
          userId: target.user.user_id,
          ip: ctx.ip,
          now: ctx.now,
        });
        await sendMessage(ctx.sql, ctx.delivery, {
          channel: target.channel,
          to: target.address,
          kind: KIND[otpType]!,
          lang: ctx.lang,
          brand: ctx.brand,
          code,
        });
        return { userId: target.user.user_id, channel: target.channel };
      });
      const sent = data.channel === 'email' ? 'otp_sent_to_email' : 'otp_sent_to_mob';
      return ok({ userId: data.userId }, messageFor(sent, request.lang));
    },
  );

  app.post(
    '/Auth/LoginWithOTP',
    {
      schema: {
        tags,
        summary: 'Sign in with a Login (0) code; the device becomes trusted',
        body: LoginWithOtpRequest,
        response: {
          200: Envelope(LoginData),
          ...errorReplies({
            400: ['enter_valid_OTP'],
            403: ['AccountLockedByAdmin'],
            404: ['NotFoundActiveAccount'],
            423: ['AccountLocked'],
          }),
        },
      },
    },
    async (request) => {
      const { userName, otp, countryId, deviceTokenWeb, deviceType } = request.body;
      const reply = await withCtx(
        deps,
        request,
        { bodyToken: deviceTokenWeb, deviceType, pushToken: deviceTokenWeb },
        async (ctx) => {
          const login = await resolveLoginName(ctx.sql, userName, countryId);
          const user = await findUserByAddress(ctx.sql, login);
          const checked = await checkCode(ctx.sql, ctx.deps.keys, {
            purpose: OtpType.Login,
            address: login.address,
            userId: user?.user_id ?? -1,
            code: otp,
            now: ctx.now,
            consume: true,
          });
          await audit(ctx.sql, {
            userId: user?.user_id ?? null,
            loginName: login.address,
            event: 'sign_in_otp',
            outcome: checked instanceof ApiError ? 'wrong_code' : 'code_ok',
            deviceKey: ctx.deviceKey,
            ip: ctx.ip,
            at: ctx.now,
          });
          if (checked instanceof ApiError) return checked;
          if (!user || user.status !== 'active') return new ApiError(404, 'NotFoundActiveAccount');
          if (user.locked_by_admin) return new ApiError(403, 'AccountLockedByAdmin');
          if (user.locked_at) return new ApiError(423, 'AccountLocked');
          return continueSignIn(ctx, user, {
            deviceProven: true,
            secondFactorDone: false,
            event: 'sign_in_otp',
          });
        },
      );
      return signInEnvelope(reply, request.lang);
    },
  );

  app.post(
    '/Auth/VerifyOTP',
    {
      schema: {
        tags,
        summary: 'Check a code without using it (forgot password, step 2)',
        body: VerifyOtpRequest,
        response: { 200: Envelope(UserIdData) },
      },
    },
    async (request) => {
      const { otp, otpType, username, countryId } = request.body;
      const data = await withCtx(deps, request, {}, async (ctx) => {
        const login = await resolveLoginName(ctx.sql, username, countryId);
        const checked = await checkCode(ctx.sql, ctx.deps.keys, {
          purpose: otpType,
          address: login.address,
          code: otp,
          now: ctx.now,
          consume: false,
        });
        if (checked instanceof ApiError) return checked;
        return { userId: checked.userId ?? 0 };
      });
      return ok(data);
    },
  );

  app.post(
    '/Auth/ChangePassword',
    {
      schema: {
        tags,
        summary: 'Forgot password: set a new password with a ForgotPassword code',
        body: ChangePasswordRequest,
        response: { 200: Envelope(Type.Null()), ...errorReplies({ 400: ['weak_password'] }) },
      },
    },
    async (request) => {
      const { otp, username, countryId, password, passwordConfirm } = request.body;
      assertPasswordAllowed(password, request.tenant.config.auth.passwordPolicy);
      if (passwordConfirm !== undefined && passwordConfirm !== password) {
        throw new ApiError(400, 'invalid_request', ['pass_confirmPass_same']);
      }
      const hash = await hashSecret(password);
      await withCtx(deps, request, {}, async (ctx) => {
        const login = await resolveLoginName(ctx.sql, username, countryId);
        const user = await findUserByAddress(ctx.sql, login);
        const checked = await checkCode(ctx.sql, ctx.deps.keys, {
          purpose: OtpType.ForgotPassword,
          address: login.address,
          userId: user?.user_id ?? -1,
          code: otp,
          now: ctx.now,
          consume: true,
        });
        if (checked instanceof ApiError) return checked;
        if (!user || user.status !== 'active' || user.locked_by_admin)
          return new ApiError(404, 'NotFoundActiveAccount');
        // A reset also ends AccountLocked and signs every device out.
        await updateUser(ctx.sql, user.user_id, {
          password_hash: hash,
          locked_at: null,
          failed_logins: 0,
          first_failed_at: null,
          must_change_password: false,
        });
        await revokeSessions(ctx.sql, user.user_id, null, ctx.now);
        await audit(ctx.sql, {
          userId: user.user_id,
          loginName: login.address,
          event: 'password_reset',
          outcome: 'success',
          deviceKey: ctx.deviceKey,
          ip: ctx.ip,
          at: ctx.now,
        });
        return null;
      });
      return ok(null, messageFor('pass_changed', request.lang));
    },
  );
};
