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

export type KeyClaim = { kind: 'new' } | { kind: 'replay'; appointmentId: number; paymentUrl: string | null };

/**
 * Claims an Idempotency-Key inside the booking transaction. The INSERT waits while another
 * transaction holds the same key uncommitted: if that one commits, this sees its row and replays
 * its appointment; if it rolls back, this one goes ahead. So concurrent requests with one key
 * give one appointment. Another body under a used key is 422 idempotency_key_reused.
 */
export async function claimKey(sql: Sql, userId: number, key: string, hash: string): Promise<KeyClaim> {
  const inserted = await sql.query(
    `INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [userId, key, hash],
  );
  if (inserted.rows.length > 0) return { kind: 'new' };
  const { rows } = await sql.query<{
    request_hash: string;
    appointment_id: string | number | null;
    payment_url: string | null;
  }>(
    'SELECT request_hash, appointment_id, payment_url FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2',
    [userId, key],
  );
  const row = rows[0];
  if (!row || row.request_hash !== hash) throw new ApiError(422, 'idempotency_key_reused');
  if (row.appointment_id === null) throw new ApiError(409, 'scheduling_failed');
  return { kind: 'replay', appointmentId: Number(row.appointment_id), paymentUrl: row.payment_url };
}

/** Ties the claimed key to the appointment it made (same transaction). */
export async function completeKey(
  sql: Sql,
  userId: number,
  key: string,
  appointmentId: number,
  paymentUrl: string | null,
): Promise<void> {
  await sql.query(
    `UPDATE idempotency_keys SET appointment_id = $3, payment_url = $4
      WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key, appointmentId, paymentUrl],
  );
}
