import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ConfigTwoFactorRequest,
  DeleteAccountRequest,
  LoginDevice,
  LogoutDevicesRequest,
  OtpType,
  PinData,
  SetPinRequest,
  TwoFactorSetup,
  ViewPinRequest,
  WarningTypeRequest,
} from '../../../schemas/accounts';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { audit } from './audit';
import { checkCode } from './codes';
import { withCtx, type AccountsDeps } from './context';
import { hashSecret, open, seal } from './crypto';
import { confirmPassword, currentUser } from './current-user';
import { revokeSessions } from './tokens';
import { configureTwoFactor } from './two-factor-config';
import { primaryAddress, updateUser } from './users-repository';
import { dropDevicePushSubscriptions, dropUserPushSubscriptions } from '../../services/push/index';

const tags = ['users'];
const auth = { auth: true } as const;

/** PIN, second factor, devices, login alerts and account deletion. */
export const securityRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.post(
    '/Users/setPinCode',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Set the 4-digit PIN (password required)',
        body: SetPinRequest,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const { pinCode, confirmPinCode, password } = request.body;
      if (pinCode !== confirmPinCode) throw new ApiError(400, 'invalid_request', ['pin_confirm_pin_same']);
      const pinHash = await hashSecret(pinCode);
      await withCtx(deps, request, {}, async (ctx) => {
        const user = await currentUser(ctx, request.auth!.userId);
        const refused = await confirmPassword(ctx, user, password, 'pin_set');
        if (refused) return refused;
        await updateUser(ctx.sql, user.user_id, {
          pin_hash: pinHash,
          pin_sealed: seal(ctx.deps.keys, pinCode),
        });
        await audit(ctx.sql, {
          userId: user.user_id,
          event: 'pin_set',
          outcome: 'success',
          deviceKey: ctx.deviceKey,
          ip: ctx.ip,
          at: ctx.now,
        });
        return null;
      });
      return ok(null);
    },
  );

  app.post(
    '/Users/ViewPinCode',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Show the PIN with a viewPin (7) code',
        body: ViewPinRequest,
        response: { 200: Envelope(PinData), ...errorReplies({ 404: ['pin_not_set'] }) },
      },
    },
    async (request) =>
      ok(
        await withCtx(deps, request, {}, async (ctx) => {
          const user = await currentUser(ctx, request.auth!.userId);
          if (!user.pin_sealed) return new ApiError(404, 'pin_not_set');
          const checked = await checkCode(ctx.sql, ctx.deps.keys, {
            purpose: OtpType.ViewPin,
            address: primaryAddress(user).address,
            userId: user.user_id,
            code: request.body.otp,
            now: ctx.now,
            consume: true,
          });
          if (checked instanceof ApiError) return checked;
          await audit(ctx.sql, {
            userId: user.user_id,
            event: 'pin_view',
            outcome: 'success',
            deviceKey: ctx.deviceKey,
            ip: ctx.ip,
            at: ctx.now,
          });
          return { pinCode: await open(ctx.deps.keys, user.pin_sealed) };
        }),
      ),
  );

  app.post(
    '/Users/ConfigTwo2NFUser',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Second factor: none 0, email 1, authenticator app 2 (enrol, then confirm with a code)',
        body: ConfigTwoFactorRequest,
        response: { 200: Envelope(TwoFactorSetup), ...errorReplies({ 400: ['PasswordConfirmFail'] }) },
      },
    },
    async (request) =>
      ok(
        await withCtx(deps, request, {}, (ctx) =>
          configureTwoFactor(ctx, request.auth!.userId, request.body),
        ),
      ),
  );

  app.get(
    '/Users/GetLoginDevices',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Devices this account signed in from',
        response: { 200: Envelope(Type.Array(LoginDevice)) },
      },
    },
    async (request) =>
      ok(
        await withCtx(deps, request, {}, async (ctx) => {
          const { rows } = await ctx.sql.query<{
            device_id: number;
            device_type: number;
            user_agent: string;
            ip: string;
            trusted: boolean;
            device_key: string;
            created_at: Date;
            last_used_at: Date;
          }>(
            `SELECT device_id, device_type, user_agent, ip, trusted, device_key, created_at, last_used_at
             FROM login_devices WHERE user_id = $1 ORDER BY last_used_at DESC`,
            [request.auth!.userId],
          );
          return rows.map((r) => ({
            id: Number(r.device_id),
            deviceType: r.device_type,
            userAgent: r.user_agent,
            ip: r.ip,
            trusted: r.trusted,
            current: r.device_key === request.auth!.deviceId,
            createdAt: new Date(r.created_at).toISOString(),
            lastUsedAt: new Date(r.last_used_at).toISOString(),
          }));
        }),
      ),
  );

  app.post(
    '/Users/LogoutReliableDevice',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Sign devices out and forget their trust',
        body: LogoutDevicesRequest,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await withCtx(deps, request, {}, async (ctx) => {
        const userId = request.auth!.userId;
        await revokeSessions(ctx.sql, userId, request.body.ids, ctx.now);
        const { rows } = await ctx.sql.query<{ device_key: string }>(
          `UPDATE login_devices SET trusted = false WHERE user_id = $1 AND device_id = ANY($2::int[])
           RETURNING device_key`,
          [userId, request.body.ids],
        );
        // Signed-out devices stop receiving this account's pushes.
        await dropDevicePushSubscriptions(
          ctx.sql,
          userId,
          rows.map((r) => r.device_key),
        );
        await audit(ctx.sql, {
          userId,
          event: 'devices_sign_out',
          outcome: request.body.ids.join(','),
          deviceKey: ctx.deviceKey,
          ip: ctx.ip,
          at: ctx.now,
        });
      });
      return ok(null);
    },
  );

  app.post(
    '/Users/ConfigurationWarningType',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Login alerts: 0 none, 1 email on a new device',
        body: WarningTypeRequest,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await withCtx(deps, request, {}, async (ctx) => {
        const user = await currentUser(ctx, request.auth!.userId);
        await updateUser(ctx.sql, user.user_id, { warning_type: request.body.warningType });
      });
      return ok(null);
    },
  );

  app.post(
    '/Users/SendDeleteAccountRequest',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Delete the account: disabled now, personal data erased after 30 days',
        body: DeleteAccountRequest,
        response: { 200: Envelope(Type.Null()), ...errorReplies({ 400: ['PasswordConfirmFail'] }) },
      },
    },
    async (request) => {
      await withCtx(deps, request, {}, async (ctx) => {
        const user = await currentUser(ctx, request.auth!.userId);
        const refused = await confirmPassword(ctx, user, request.body.password, 'account_delete');
        if (refused) return refused;
        await updateUser(ctx.sql, user.user_id, { status: 'deleted', deleted_at: ctx.now });
        await revokeSessions(ctx.sql, user.user_id, null, ctx.now);
        // A disabled account sends nothing more to its browsers.
        await dropUserPushSubscriptions(ctx.sql, user.user_id);
        await audit(ctx.sql, {
          userId: user.user_id,
          event: 'account_delete',
          outcome: 'requested',
          deviceKey: ctx.deviceKey,
          ip: ctx.ip,
          at: ctx.now,
        });
        return null;
      });
      return ok(null);
    },
  );
};
