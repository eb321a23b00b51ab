import type { Sql } from '../../db/database';
import type { PushTarget } from './types';

export interface SubscriptionRow extends PushTarget {
  push_subscription_id: number;
}

/**
 * Keeps `target` as this account's endpoint on this device (in the caller's tenant transaction):
 * an endpoint already known moves to this account and device (another account signed in on the
 * same browser), and an older endpoint of the same account and device is replaced (the browser's
 * subscription or token changed).
 */
export async function savePushSubscription(
  sql: Sql,
  userId: number,
  deviceKey: string,
  target: PushTarget,
  now: Date,
): Promise<void> {
  await sql.query(
    'DELETE FROM push_subscriptions WHERE user_id = $1 AND device_key = $2 AND endpoint <> $3',
    [userId, deviceKey, target.endpoint],
  );
  await sql.query(
    `INSERT INTO push_subscriptions (user_id, device_key, kind, endpoint, p256dh, auth, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (tenant_id, endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, device_key = EXCLUDED.device_key, kind = EXCLUDED.kind,
           p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, updated_at = EXCLUDED.updated_at`,
    [userId, deviceKey.slice(0, 512), target.kind, target.endpoint, target.p256dh, target.auth, now],
  );
}

/** Forgets the endpoints of one account on devices (sign-out of this device, or of chosen devices). */
export async function dropDevicePushSubscriptions(
  sql: Sql,
  userId: number,
  deviceKeys: string[],
): Promise<number> {
  const { rows } = await sql.query<{ push_subscription_id: number }>(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND device_key = ANY($2::text[])
     RETURNING push_subscription_id`,
    [userId, deviceKeys],
  );
  return rows.length;
}

/** Forgets one endpoint of an account (the browser unsubscribed, or the person turned pushes off). */
export async function dropPushEndpoint(sql: Sql, userId: number, endpoint: string): Promise<number> {
  const { rows } = await sql.query<{ push_subscription_id: number }>(
    'DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING push_subscription_id',
    [userId, endpoint],
  );
  return rows.length;
}

export async function subscriptionsOf(sql: Sql, userId: number): Promise<SubscriptionRow[]> {
  const { rows } = await sql.query<SubscriptionRow>(
    `SELECT push_subscription_id, kind, endpoint, p256dh, auth FROM push_subscriptions
     WHERE user_id = $1 ORDER BY push_subscription_id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, push_subscription_id: Number(r.push_subscription_id) }));
}

export async function deleteSubscription(sql: Sql, id: number): Promise<void> {
  await sql.query('DELETE FROM push_subscriptions WHERE push_subscription_id = $1', [id]);
}

/** Forgets every endpoint of an account (the account is being deleted). */
export async function dropUserPushSubscriptions(sql: Sql, userId: number): Promise<void> {
  await sql.query('DELETE FROM push_subscriptions WHERE user_id = $1', [userId]);
}
