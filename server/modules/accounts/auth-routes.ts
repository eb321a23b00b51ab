import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ChangePasswordNewRequest,
  LoginData,
  LoginRequest,
  RefreshTokenRequest,
  TokenPair,
  VerifyReliableDeviceRequest,
} from '../../../schemas/accounts';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { dropDevicePushSubscriptions } from '../../services/push/index';
import { ok } from '../../lib/envelope';
import { audit } from './audit';
import { InternalPurpose, checkCode } from './codes';
import { withCtx, type AccountsDeps } from './context';
import { hashSecret } from './crypto';
import { findForLogin, passwordMatches, passwordSignIn } from './login';
import { resolveLoginName } from './login-name';
import { assertPasswordAllowed } from './password-policy';
import { signInEnvelope } from './reply';
import { continueSignIn } from './sign-in';
import { revokeSessions, rotateRefreshToken } from './tokens';
import { findUserByAddress, primaryAddress, updateUser } from './users-repository';

const tags = ['auth'];

/** Auth/Login, ChangePasswordNew, VerifyOTPReliableDevice, RefreshToken, Logout. */
export const authRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.post(
    '/Auth/Login',
    {
      schema: {
        tags,
        summary: 'Sign in with a password (every outcome of spec section 4)',
        body: LoginRequest,
        response: {
          200: Envelope(LoginData),
          ...errorReplies({
            401: ['UserNameOrPasswordFail'],
            403: ['AccountLockedByAdmin'],
            423: ['AccountLocked'],
          }),
        },
      },
    },
    async (request) => {
      const device = {
        bodyToken: request.body.deviceTokenWeb,
        deviceType: request.body.deviceType,
        pushToken: request.body.deviceTokenWeb,
      };
      const found = await withCtx(deps, request, device, (ctx) =>
        findForLogin(ctx, request.body.userName, request.body.countryId),
      );
      const matches = await passwordMatches(found.user, request.body.password);
      const reply = await withCtx(deps, request, device, (ctx) => passwordSignIn(ctx, found, matches));
      return signInEnvelope(reply, request.lang);
    },
  );

  app.post(
    '/Auth/ChangePasswordNew',
    {
      schema: {
        tags,
        summary: 'PassNew: set a new password (proving the current one), then sign in',
        body: ChangePasswordNewRequest,
        response: { 200: Envelope(LoginData), ...errorReplies({ 401: ['UserNameOrPasswordFail'] }) },
      },
    },
    async (request) => {
      const { UserName, Password, currentPassword, countryId } = request.body;
      const device = {
        bodyToken: request.body.deviceTokenWeb,
        deviceType: request.body.deviceType,
        pushToken: request.body.deviceTokenWeb,
      };
      const found = await withCtx(deps, request, device, (ctx) => findForLogin(ctx, UserName, countryId));
      const matches = await passwordMatches(found.user, currentPassword);
      const newHash = matches ? await hashSecret(Password) : null;
      const reply = await withCtx(deps, request, device, async (ctx) => {
        if (!found.user?.must_change_password || !matches) {
          return passwordSignIn(ctx, found, matches);
        }
        assertPasswordAllowed(Password, ctx.policy);
        if (Password === currentPassword) return new ApiError(400, 'weak_password', ['same_as_old_password']);
        await updateUser(ctx.sql, found.user.user_id, {
          password_hash: newHash,
          must_change_password: false,
        });
        await audit(ctx.sql, {
          userId: found.user.user_id,
          event: 'password_change_new',
          outcome: 'success',
          deviceKey: ctx.deviceKey,
          ip: ctx.ip,
          at: ctx.now,
        });
        return passwordSignIn(ctx, { ...found, user: { ...found.user, must_change_password: false } }, true);
      });
      return signInEnvelope(reply, request.lang);
    },
  );

  app.post(
    '/Auth/VerifyOTPReliableDevice',
    {
      schema: {
        tags,
        summary: 'Confirm a strange device with the code sent; the device becomes trusted',
        body: VerifyReliableDeviceRequest,
        response: { 200: Envelope(LoginData), ...errorReplies({ 400: ['enter_valid_OTP'] }) },
      },
    },
    async (request) => {
      const reply = await withCtx(deps, request, { bodyToken: request.body.deviceToken }, async (ctx) => {
        const login = await resolveLoginName(ctx.sql, request.body.userName, request.body.countryId);
        const user = await findUserByAddress(ctx.sql, login);
        if (!user || user.status !== 'active')
          return new ApiError(400, 'enter_valid_OTP', ['enter_valid_OTP']);
        const checked = await checkCode(ctx.sql, ctx.deps.keys, {
          purpose: InternalPurpose.ReliableDevice,
          address: primaryAddress(user).address,
          userId: user.user_id,
          code: request.body.otp,
          now: ctx.now,
          consume: true,
        });
        if (checked instanceof ApiError) return checked;
        return continueSignIn(ctx, user, {
          deviceProven: true,
          secondFactorDone: false,
          event: 'sign_in_reliable_device',
        });
      });
      return signInEnvelope(reply, request.lang);
    },
  );

  app.post(
    '/Auth/RefreshToken',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token (reuse revokes its family)',
        body: RefreshTokenRequest,
        response: { 200: Envelope(TokenPair), ...errorReplies({ 401: ['invalid_refresh_token'] }) },
      },
    },
    async (request) =>
      ok(
        await withCtx(deps, request, {}, (ctx) =>
          rotateRefreshToken(ctx.sql, ctx.deps.issue, {
            tenant: ctx.tenant,
            refreshToken: request.body.refreshToken,
            now: ctx.now,
          }),
        ),
      ),
  );

  app.post(
    '/Auth/Logout',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: 'Sign this device out (revokes its refresh tokens)',
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const { userId, deviceId } = request.auth!;
      await withCtx(deps, request, {}, async (ctx) => {
        const { rows } = await ctx.sql.query<{ device_id: number }>(
          'SELECT device_id FROM login_devices WHERE user_id = $1 AND device_key = $2',
          [userId, deviceId],
        );
        if (rows[0]) await revokeSessions(ctx.sql, userId, [Number(rows[0].device_id)], ctx.now);
        // A signed-out browser must not keep receiving this account's pushes.
        await dropDevicePushSubscriptions(ctx.sql, userId, [deviceId]);
        await audit(ctx.sql, {
          userId,
          event: 'sign_out',
          outcome: 'success',
          deviceKey: deviceId,
          ip: ctx.ip,
          at: ctx.now,
        });
      });
      return ok(null);
    },
  );
};
