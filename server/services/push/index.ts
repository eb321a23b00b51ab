/**
 * Push service: web push to a user's browsers for every feature (spec sections 3 and 7, Push).
 * Two providers behind one interface, per tenant (tenant.json `push`): standard Web Push with
 * VAPID keys (the embedded default) and Firebase Cloud Messaging HTTP v1. The messages dispatcher
 * calls `sendPushToUser`; sign-in, sign-out and RegisterPushSubscription keep the endpoints.
 * Import from here.
 */
import type { Sql } from '../../db/database';
import type { PushKind } from './types';
import { tenantPush } from './runtime';
import { savePushSubscription } from './subscriptions';
import { parsePushToken } from './token';

export { sendPushToUser } from './send';
export { startPush, type PushClientConfig, type StartPushOptions } from './runtime';
export {
  dropDevicePushSubscriptions,
  dropPushEndpoint,
  dropUserPushSubscriptions,
  subscriptionsOf,
} from './subscriptions';
export { PushUnavailableError, type PushMessage, type PushPayload, type PushKind } from './types';
export { parsePushToken } from './token';

/** What the browser needs to subscribe on this tenant ({provider: 'none'} when push is off). */
export const pushClientConfig = (tenantCode: string) => tenantPush(tenantCode).client;

/** The provider kind of a tenant's push, or null when push is off there. */
export function pushKindOf(tenantCode: string): PushKind | null {
  return tenantPush(tenantCode).provider?.kind ?? null;
}

/**
 * Keeps a browser's push token (deviceTokenWeb at sign-in, RegisterPushSubscription) for the
 * account on this device, in the caller's tenant transaction. Answers false, storing nothing, when
 * the tenant has no push or the token is not one of its provider's: sign-in never fails for it.
 */
export async function keepPushToken(
  sql: Sql,
  tenantCode: string,
  userId: number,
  deviceKey: string,
  token: string,
  now: Date,
): Promise<boolean> {
  const kind = pushKindOf(tenantCode);
  const target = kind ? parsePushToken(token, kind) : null;
  if (!target) return false;
  await savePushSubscription(sql, userId, deviceKey, target, now);
  return true;
}
