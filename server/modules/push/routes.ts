import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { PushConfig, PushTokenRequest } from '../../../schemas/push';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import {
  dropPushEndpoint,
  keepPushToken,
  parsePushToken,
  pushClientConfig,
  pushKindOf,
} from '../../services/push/index';

/**
 * Where the signed-in user's browser receives pushes (contract in schemas/push.ts). The endpoint
 * is kept for the session's device (the access token's device key), the key sign-out drops.
 */
export const pushRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['notifications'];
  const config = { auth: true } as const;
  const security = [{ bearer: [] }];

  app.get(
    '/Notifications/GetPushConfig',
    {
      config,
      schema: {
        tags,
        summary: "The tenant's push provider and public keys, to subscribe this browser",
        security,
        response: { 200: Envelope(PushConfig) },
      },
    },
    async (request) => ok(pushClientConfig(request.tenant.config.code)),
  );

  app.post(
    '/Notifications/RegisterPushSubscription',
    {
      config,
      schema: {
        tags,
        summary: "Keeps this browser's push token for the user on this device",
        security,
        body: PushTokenRequest,
        response: {
          200: Envelope(Type.Null()),
          ...errorReplies({ 400: ['invalid_push_token'], 409: ['push_unavailable'] }),
        },
      },
    },
    async (request) => {
      const code = request.tenant.config.code;
      if (!pushKindOf(code)) throw new ApiError(409, 'push_unavailable');
      const { userId, deviceId } = request.auth!;
      const kept = await db.tenant(code, (sql) =>
        keepPushToken(sql, code, userId, deviceId, request.body.token, new Date()),
      );
      if (!kept) throw new ApiError(400, 'invalid_push_token');
      return ok(null);
    },
  );

  app.post(
    '/Notifications/UnregisterPushSubscription',
    {
      config,
      schema: {
        tags,
        summary: "Forgets this browser's push token (the person turned pushes off)",
        security,
        body: PushTokenRequest,
        response: { 200: Envelope(Type.Null()), ...errorReplies({ 400: ['invalid_push_token'] }) },
      },
    },
    async (request) => {
      const code = request.tenant.config.code;
      const kind = pushKindOf(code);
      const target = kind ? parsePushToken(request.body.token, kind) : null;
      if (!target) throw new ApiError(400, 'invalid_push_token');
      await db.tenant(code, (sql) => dropPushEndpoint(sql, request.auth!.userId, target.endpoint));
      return ok(null);
    },
  );
};
