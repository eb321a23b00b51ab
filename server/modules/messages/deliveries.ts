import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import type { MessageChannel } from '../../../schemas/notifications';
import type { MessageEvent, MessagePayload } from './events';

export interface NewDelivery {
  /** The event key: with the channel, one message per tenant. */
  key: string;
  event: MessageEvent;
  category: string;
  channel: MessageChannel;
  userId: number | null;
  recipient: string;
  lang: LanguageCode;
  payload: MessagePayload;
  notBefore: Date;
}

/** How many parameters the deliveries' INSERT takes ($1 to $9): a CTE written with it numbers on. */
export const DELIVERY_PARAMS = 9;

/** The deliveries' columns as arrays, $1 to $9 of deliveriesInsert. */
function deliveryColumns(list: readonly NewDelivery[]): unknown[] {
  const column = <T>(pick: (d: NewDelivery) => T) => list.map(pick);
  return [
    column((d) => `${d.key}:${d.channel}`),
    column((d) => d.event),
    column((d) => d.category),
    column((d) => d.channel),
    column((d) => d.userId),
    column((d) => d.recipient),
    column((d) => d.lang),
    column((d) => JSON.stringify(d.payload)),
    column((d) => d.notBefore.toISOString()),
  ];
}

/**
 * The deliveries' INSERT (parameters $1 to $9, deliveryColumns). With `notification`, the
 * notification id comes from that CTE of the same statement, and no row is written without it.
 */
const deliveriesInsert = (notification: boolean) =>
  `INSERT INTO message_deliveries (dedup_key, event, category, channel, user_id, recipient, lang, payload,
     notification_id, next_attempt_at, created_at, updated_at)
   SELECT d.dedup_key, d.event, d.category, d.channel, d.user_id, d.recipient, d.lang, d.payload,
          ${notification ? 'notification.notification_id' : 'NULL'}, d.next_attempt_at, now(), now()
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
                 $8::jsonb[], $9::timestamptz[])
       AS d (dedup_key, event, category, channel, user_id, recipient, lang, payload, next_attempt_at)${notification ? ' CROSS JOIN notification' : ''}
   ON CONFLICT (tenant_id, dedup_key) DO NOTHING RETURNING delivery_id`;

/**
 * Writes an event's deliveries (one per channel) in the caller's transaction, in one statement;
 * returns how many were new (a key and channel that exist already add nothing).
 */
export async function insertDeliveries(sql: Sql, list: readonly NewDelivery[]): Promise<number> {
  if (list.length === 0) return 0;
  const { rows } = await sql.query(deliveriesInsert(false), deliveryColumns(list));
  return rows.length;
}

/**
 * Writes an in-app notification and its deliveries in one statement (the caller's transaction):
 * `notification` is the notifications module's CTE (notificationCte, its parameters numbered
 * from DELIVERY_PARAMS + 1).
 * When it writes nothing (the event was raised before), no delivery is written either.
 */
export async function insertNotificationWithDeliveries(
  sql: Sql,
  notification: { text: string; params: unknown[] },
  list: readonly NewDelivery[],
): Promise<{ notificationId: number | null; deliveries: number }> {
  const { rows } = await sql.query<{ notification_id: string | null; deliveries: number }>(
    `WITH ${notification.text},
     delivered AS (${deliveriesInsert(true)})
     SELECT (SELECT notification_id FROM notification) AS notification_id,
            (SELECT count(*)::int FROM delivered) AS deliveries`,
    [...deliveryColumns(list), ...notification.params],
  );
  const r = rows[0]!;
  return {
    notificationId: r.notification_id === null ? null : Number(r.notification_id),
    deliveries: r.deliveries,
  };
}

export interface ClaimedDelivery {
  delivery_id: string;
  dedup_key: string;
  event: MessageEvent;
  category: string;
  channel: MessageChannel;
  user_id: number | null;
  recipient: string;
  lang: LanguageCode;
  payload: MessagePayload;
  notification_id: string | null;
  attempts: number;
  created_at: Date;
}

/**
 * Takes up to `batch` due deliveries of the current tenant for one dispatcher: pending ones whose
 * time came, and 'sending' ones whose lease passed (a dispatcher that died mid-send). SKIP LOCKED
 * keeps two dispatchers off the same rows; the claim commits before anything is sent, so a send
 * never holds a database transaction open, and the lease tells the others it is taken.
 */
export async function claimDue(
  sql: Sql,
  now: Date,
  batch: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT delivery_id FROM message_deliveries
        WHERE (state = 'pending' AND next_attempt_at <= $1) OR (state = 'sending' AND lease_until <= $1)
        ORDER BY next_attempt_at, delivery_id
        LIMIT $2
        FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE message_deliveries d
          SET state = 'sending', attempts = d.attempts + 1, lease_until = $3, updated_at = $1
         FROM due WHERE d.delivery_id = due.delivery_id
       RETURNING d.delivery_id, d.dedup_key, d.event, d.category, d.channel, d.user_id, d.recipient, d.lang,
                 d.payload, d.notification_id, d.attempts, d.created_at, d.next_attempt_at)
     -- In the order they fell due (RETURNING follows the plan, not the CTE's ORDER BY): the
     -- dispatcher sends them in this order, the oldest first.
     SELECT delivery_id, dedup_key, event, category, channel, user_id, recipient, lang, payload,
            notification_id, attempts, created_at
       FROM claimed ORDER BY next_attempt_at, delivery_id`,
    [now, batch, new Date(now.getTime() + leaseMs)],
  );
  return rows.map((r) => ({
    ...r,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as MessagePayload) : r.payload,
  }));
}

/** The end of one claimed attempt. */
export type AttemptResult =
  | { state: 'sent'; providerRef: string | null; at: Date }
  | { state: 'pending'; error: string; retryAt: Date; at: Date }
  | { state: 'failed' | 'cancelled'; error: string; at: Date };

export interface FinishedAttempt {
  deliveryId: number;
  attempt: number;
  result: AttemptResult;
}

/**
 * Records the ends of claimed attempts, in one statement. Only the holder of an attempt may (state
 * 'sending' and the same attempt number): a dispatcher that outlived its lease finds nothing to
 * update for that row.
 * @returns the deliveries whose result was recorded
 */
export async function finishDeliveries(sql: Sql, list: readonly FinishedAttempt[]): Promise<Set<number>> {
  if (list.length === 0) return new Set();
  const column = <T>(pick: (f: FinishedAttempt) => T) => list.map(pick);
  const { rows } = await sql.query<{ delivery_id: string | number }>(
    `UPDATE message_deliveries d
        SET state = r.state, lease_until = NULL, updated_at = r.at,
            sent_at = CASE WHEN r.state = 'sent' THEN r.at ELSE d.sent_at END,
            provider_ref = COALESCE(r.provider_ref, d.provider_ref),
            last_error = CASE WHEN r.state = 'sent' THEN NULL ELSE r.error END,
            next_attempt_at = COALESCE(r.retry_at, d.next_attempt_at)
       FROM unnest($1::bigint[], $2::int[], $3::text[], $4::timestamptz[], $5::text[], $6::text[],
                   $7::timestamptz[])
         AS r (delivery_id, attempt, state, at, provider_ref, error, retry_at)
      WHERE d.delivery_id = r.delivery_id AND d.state = 'sending' AND d.attempts = r.attempt
      RETURNING d.delivery_id`,
    [
      column((f) => f.deliveryId),
      column((f) => f.attempt),
      column((f) => f.result.state),
      column((f) => f.result.at.toISOString()),
      column((f) => (f.result.state === 'sent' ? f.result.providerRef : null)),
      column((f) => (f.result.state === 'sent' ? null : f.result.error.slice(0, 1000))),
      column((f) => (f.result.state === 'pending' ? f.result.retryAt.toISOString() : null)),
    ],
  );
  return new Set(rows.map((r) => Number(r.delivery_id)));
}

/**
 * Records the end of one claimed attempt (see finishDeliveries).
 * @returns whether this attempt's result was recorded
 */
export async function finishDelivery(
  sql: Sql,
  id: number,
  attempt: number,
  result: AttemptResult,
): Promise<boolean> {
  return (await finishDeliveries(sql, [{ deliveryId: id, attempt, result }])).has(id);
}
