import { createHash } from 'node:crypto';
import type { Sql } from '../../db/database';
import type { Tenant } from '../../tenancy/registry';
import { tenantPush } from './runtime';
import { deleteSubscription, subscriptionsOf } from './subscriptions';
import { PushUnavailableError, type PushMessage, type PushPayload } from './types';

/** How long a push service keeps a push for a browser that is offline (a reminder is stale after). */
const TTL_SECONDS = 6 * 60 * 60;

/**
 * Sends `message` to every push endpoint of the user in this tenant, in the caller's tenant
 * transaction. An endpoint the push service says is gone (404/410, FCM UNREGISTERED) is deleted,
 * as is one made for another provider than the tenant's (it can never be delivered). When a push
 * service could not be reached or asked to come back later, the others are still tried, then this
 * throws PushUnavailableError: the caller's delivery job retries, and `tag` (the notification tag
 * and the Web Push Topic) makes a repeat replace what one browser already shows.
 */
export async function sendPushToUser(
  sql: Sql,
  tenant: Tenant,
  userId: number,
  message: PushMessage,
): Promise<void> {
  const { provider } = tenantPush(tenant.config.code);
  if (!provider) return;
  const payload = toPayload(tenant, message);
  const topic = topicOf(message.tag);
  const failures: PushUnavailableError[] = [];
  for (const target of await subscriptionsOf(sql, userId)) {
    if (target.kind !== provider.kind) {
      await deleteSubscription(sql, target.push_subscription_id);
      continue;
    }
    try {
      const outcome = await provider.send(target, payload, { topic, ttlSeconds: TTL_SECONDS });
      if (outcome === 'gone') await deleteSubscription(sql, target.push_subscription_id);
    } catch (error) {
      if (!(error instanceof PushUnavailableError)) throw error;
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new PushUnavailableError(
      `push: ${failures.length} endpoint(s) not reached: ${failures.map((f) => f.message).join('; ')}`,
      failures[0]!.status,
      { cause: failures[0] },
    );
  }
}

/**
 * Texts kept under the 4 KB a push service carries after encryption (4078 bytes of payload for
 * Web Push): at most 3 UTF-8 bytes per Vietnamese character, so 120 + 600 characters leave room.
 */
function toPayload(tenant: Tenant, message: PushMessage): PushPayload {
  return {
    title: message.title.slice(0, 120),
    body: message.body.slice(0, 600),
    url: message.url.startsWith('/') ? message.url : '/',
    tag: message.tag.slice(0, 200),
    type: message.type,
    ...(message.notificationId !== undefined ? { notificationId: message.notificationId } : {}),
    icon: iconUrl(tenant),
  };
}

/** The tenant's icon as the browser loads it (the boot bundle's companyInfo.icon does the same). */
function iconUrl(tenant: Tenant): string {
  const icon = tenant.config.companyInfo.icon;
  if (/^https?:\/\//.test(icon) || icon.startsWith('/')) return icon;
  return `/api/v1/Tenants/${tenant.config.code}/assets/${encodeURIComponent(icon)}`;
}

/** RFC 8030 topics are at most 32 base64url characters: a digest of the tag. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
