import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ChangeEmailRequest,
  ChangeMobileRequest,
  CheckPasswordRequest,
  OtpType,
  ResetPasswordRequest,
  UpdateUserRequest,
  UserIdParams,
  UserProfile,
} from '../../../schemas/accounts';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { messageFor } from '../../lib/messages';
import { audit } from './audit';
import { checkCode } from './codes';
import { withCtx, type AccountsDeps, type Ctx } from './context';
import { hashSecret } from './crypto';
import { confirmPassword, currentUser, profileOf } from './current-user';
import { resolveLoginName } from './login-name';
import { assertPasswordAllowed } from './password-policy';
import { revokeSessions } from './tokens';
import { findUserByAddress, findUserById, updateUser } from './users-repository';

const tags = ['users'];
const auth = { auth: true } as const;

/** Confirms a new email/phone with its code and stores it (MobileEmailExist when taken). */
async function changeAddress(
  ctx: Ctx,
  userId: number,
  purpose: number,
  name: string,
  otp: string,
  countryId?: number,
) {
  const user = await currentUser(ctx, userId);
  const login = await resolveLoginName(ctx.sql, name, countryId);
  const owner = await findUserByAddress(ctx.sql, login);
  if (owner && owner.user_id !== user.user_id) return new ApiError(409, 'MobileEmailExist');
  const checked = await checkCode(ctx.sql, ctx.deps.keys, {
    purpose,
    address: login.address,
    userId,
    code: otp,
    now: ctx.now,
    consume: true,
  });
  if (checked instanceof ApiError) return checked;
  await updateUser(
    ctx.sql,
    userId,
    login.kind === 'email'
      ? { email: login.email }
      : { country_id: login.countryId, phone_code: login.phoneCode, mobile_number: login.mobileNumber },
  );
  await audit(ctx.sql, {
    userId,
    loginName: login.address,
    event: purpose === OtpType.ChangeEmail ? 'change_email' : 'change_mobile',
    outcome: 'success',
    deviceKey: ctx.deviceKey,
    ip: ctx.ip,
    at: ctx.now,
  });
  return profileOf((await findUserById(ctx.sql, userId))!);
}

/** Users/GetUser, UpdateUser, ChangeMobileNumber, ChangeEmail, resetPassword, check-password. */
export const usersRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.get(
    '/Users/GetUser/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Your own profile (another id: 403)',
        params: UserIdParams,
        response: { 200: Envelope(UserProfile), ...errorReplies({ 403: ['forbidden'] }) },
      },
    },
    async (request) => {
      if (request.params.id !== request.auth!.userId) throw new ApiError(403, 'forbidden');
      return ok(
        await withCtx(deps, request, {}, async (ctx) =>
          profileOf(await currentUser(ctx, request.auth!.userId)),
        ),
      );
    },
  );

  app.post(
    '/Users/UpdateUser',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Update name, gender, date of birth',
        body: UpdateUserRequest,
        response: { 200: Envelope(UserProfile) },
      },
    },
    async (request) => {
      const { fullName, gender, dateOfBirth } = request.body;
      if (dateOfBirth && Number.isNaN(Date.parse(dateOfBirth)))
        throw new ApiError(400, 'invalid_request', ['valid_date']);
      const data = await withCtx(deps, request, {}, async (ctx) => {
        const user = await currentUser(ctx, request.auth!.userId);
        await updateUser(ctx.sql, user.user_id, {
          full_name: fullName.trim(),
          ...(gender !== undefined ? { gender } : {}),
          ...(dateOfBirth !== undefined ? { date_of_birth: dateOfBirth } : {}),
        });
        return profileOf((await findUserById(ctx.sql, user.user_id))!);
      });
      return ok(data);
    },
  );

  app.post(
    '/Users/ChangeMobileNumber',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Set a new mobile number with the code sent to it (RequestOTP type 2)',
        body: ChangeMobileRequest,
        response: {
          200: Envelope(UserProfile),
          ...errorReplies({ 400: ['enter_valid_OTP'], 409: ['MobileEmailExist'] }),
        },
      },
    },
    async (request) => {
      const { countryId, mobileNumber, otp } = request.body;
      return ok(
        await withCtx(deps, request, {}, (ctx) =>
          changeAddress(ctx, request.auth!.userId, OtpType.ChangeMobileNumber, mobileNumber, otp, countryId),
        ),
      );
    },
  );

  app.post(
    '/Users/ChangeEmail',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Set a new email with the code sent to it (RequestOTP type 3)',
        body: ChangeEmailRequest,
        response: {
          200: Envelope(UserProfile),
          ...errorReplies({ 400: ['enter_valid_OTP'], 409: ['MobileEmailExist'] }),
        },
      },
    },
    async (request) =>
      ok(
        await withCtx(deps, request, {}, (ctx) =>
          changeAddress(ctx, request.auth!.userId, OtpType.ChangeEmail, request.body.email, request.body.otp),
        ),
      ),
  );

  app.post(
    '/Users/resetPassword',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Change the password knowing the old one; other devices are signed out',
        body: ResetPasswordRequest,
        response: { 200: Envelope(Type.Null()), ...errorReplies({ 400: ['weak_password'] }) },
      },
    },
    async (request) => {
      const { oldPassword, password, passwordConfirm } = request.body;
      assertPasswordAllowed(password, request.tenant.config.auth.passwordPolicy);
      if (password !== passwordConfirm)
        throw new ApiError(400, 'invalid_request', ['pass_confirm_pass_same']);
      const hash = await hashSecret(password);
      await withCtx(deps, request, {}, async (ctx) => {
        const user = await currentUser(ctx, request.auth!.userId);
        const refused = await confirmPassword(ctx, user, oldPassword, 'password_change');
        if (refused) return refused;
        await updateUser(ctx.sql, user.user_id, { password_hash: hash });
        await revokeSessions(ctx.sql, user.user_id, null, ctx.now, request.auth!.deviceId);
        await audit(ctx.sql, {
          userId: user.user_id,
          event: 'password_change',
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

  app.post(
    '/Users/CheckUserPassword/check-password',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Whether a password is the account password',
        body: CheckPasswordRequest,
        response: { 200: Envelope(Type.Boolean()), ...errorReplies({ 400: ['PasswordConfirmFail'] }) },
      },
    },
    async (request) => {
      await withCtx(deps, request, {}, async (ctx) => {
        const user = await currentUser(ctx, request.auth!.userId);
        return (await confirmPassword(ctx, user, request.body.password, 'password_check')) ?? null;
      });
      return ok(true);
    },
  );
};
