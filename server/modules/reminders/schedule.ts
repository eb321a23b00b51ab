import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';

export interface ReminderTarget {
  appointmentId: number;
  userId: number;
  startsAt: Date;
  /** The booking request's language (request.lang): remembered as the user's preferred language. */
  lang?: LanguageCode;
  /** Defaults to the real time. */
  now?: Date;
}

/**
 * Writes the reminders of a newly booked appointment, in the caller's (booking) transaction: one
 * per tenant offset (booking.reminderOffsetsMinutes) whose time is still ahead. Returns how many.
 */
export async function scheduleReminders(
  sql: Sql,
  tenant: TenantConfig,
  target: ReminderTarget,
): Promise<number> {
  const now = target.now ?? new Date();
  const dueTimes = [...new Set(tenant.booking.reminderOffsetsMinutes)]
    .map((offset) => ({ offset, due: new Date(target.startsAt.getTime() - offset * 60_000) }))
    .filter(({ due }) => due.getTime() > now.getTime());
  // One statement: remember the language the user booked in (their reminders speak it), and
  // write the reminders still ahead.
  await sql.query(
    `WITH remembered AS (
       UPDATE users SET preferred_language = $6
        WHERE $6::text IS NOT NULL AND user_id = $2 AND preferred_language IS DISTINCT FROM $6::text)
     INSERT INTO appointment_reminders (kind, appointment_id, user_id, offset_minutes, due_at, next_attempt_at, updated_at)
     SELECT 'reminder', $1, $2, o, d, d, $5
     FROM unnest($3::int[], $4::timestamptz[]) AS t(o, d)`,
    [
      target.appointmentId,
      target.userId,
      dueTimes.map((t) => t.offset),
      dueTimes.map((t) => t.due.toISOString()),
      now,
      target.lang ?? null,
    ],
  );
  return dueTimes.length;
}

/**
 * Cancels the pending reminders of an appointment (cancelled, lapsed, or before a move). Sent and
 * failed ones stay as history. Returns how many were cancelled.
 */
export async function cancelReminders(
  sql: Sql,
  appointmentId: number,
  reason = 'appointment cancelled',
  now: Date = new Date(),
): Promise<number> {
  const { rows } = await sql.query(
    `UPDATE appointment_reminders SET state = 'cancelled', last_error = $2, updated_at = $3
     WHERE appointment_id = $1 AND state = 'pending' RETURNING reminder_id`,
    [appointmentId, reason, now],
  );
  return rows.length;
}

/**
 * Moves an appointment's reminders to its new start (reschedule, in the same transaction): the
 * pending ones are cancelled and new ones written for the offsets still ahead. Returns how many.
 */
export async function moveReminders(
  sql: Sql,
  tenant: TenantConfig,
  appointmentId: number,
  startsAt: Date,
  now: Date = new Date(),
): Promise<number> {
  await cancelReminders(sql, appointmentId, 'appointment rescheduled', now);
  const { rows } = await sql.query<{ user_id: number }>(
    `SELECT user_id FROM appointments WHERE appointment_id = $1`,
    [appointmentId],
  );
  if (!rows[0]) return 0;
  return scheduleReminders(sql, tenant, { appointmentId, userId: Number(rows[0].user_id), startsAt, now });
}
