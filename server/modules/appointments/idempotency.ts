import { createHash } from 'node:crypto';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';

/** A stable hash of a JSON body (keys sorted at every level). */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

export interface KeyClaim {
  key: string;
  hash: string;
}

/**
 * Claims an Idempotency-Key inside the booking transaction, as the data-modifying CTE `claim` of
 * the booking's first statement (readTarget, booking-checks.ts): `EXISTS (SELECT 1 FROM claim)`
 * says whether this request claimed it. The INSERT waits while another transaction holds the same
 * key uncommitted: if that one commits, this one claims nothing and replays its appointment
 * (replayOfKey); if it rolls back, this one goes ahead. So concurrent requests with one key give
 * one appointment. Without a key (NULL) nothing is claimed.
 * @param user the statement's parameters ('$8') holding the user, the key and the request hash
 */
export const claimKeyCte = (user: string, key: string, hash: string) =>
  `claim AS (INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash)
     SELECT ${user}::int, ${key}::text, ${hash}::text WHERE ${key}::text IS NOT NULL
     ON CONFLICT DO NOTHING RETURNING 1)`;

/**
 * A key this request could not claim: the appointment its first request made, to answer again.
 * Another body under a used key is 422 idempotency_key_reused.
 */
export async function replayOfKey(
  sql: Sql,
  userId: number,
  claim: KeyClaim,
): Promise<{ appointmentId: number; paymentUrl: string | null }> {
  const { rows } = await sql.query<{
    request_hash: string;
    appointment_id: string | number | null;
    payment_url: string | null;
  }>(
    'SELECT request_hash, appointment_id, payment_url FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2',
    [userId, claim.key],
  );
  const row = rows[0];
  if (!row || row.request_hash !== claim.hash) throw new ApiError(422, 'idempotency_key_reused');
  if (row.appointment_id === null) throw new ApiError(409, 'scheduling_failed');
  return { appointmentId: Number(row.appointment_id), paymentUrl: row.payment_url };
}

/**
 * Adds the payment page to the claimed key (same transaction): an online booking's replay sends
 * the patient to the same page. The appointment itself is tied to the key by the booking's
 * statement (place-appointment.ts).
 */
export async function keyPaymentPage(
  sql: Sql,
  userId: number,
  key: string,
  paymentUrl: string,
): Promise<void> {
  await sql.query(
    'UPDATE idempotency_keys SET payment_url = $3 WHERE user_id = $1 AND idempotency_key = $2',
    [userId, key, paymentUrl],
  );
}
