import type { Sql } from '../../db/database';

/**
 * Taking and giving back places: the slot's booked_count and the doctor's day count. Every change
 * is one atomic statement, so concurrent bookers queue on the row lock and re-check the condition:
 * the database, not a read in the handler, decides who gets the last place.
 */

export interface TakenSlot {
  slotId: number;
  doctorId: number;
  hospitalId: number | null;
  startsAt: Date;
  endsAt: Date;
}

/** Takes one place of a future slot of the doctor; null when it is full, past or not the doctor's. */
export async function takeSlot(
  sql: Sql,
  slotId: number,
  doctorId: number,
  now: Date,
): Promise<TakenSlot | null> {
  const { rows } = await sql.query<{
    slot_id: string | number;
    doctor_id: number;
    hospital_id: number | null;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    `UPDATE doctor_slots SET booked_count = booked_count + 1
      WHERE slot_id = $1 AND doctor_id = $2 AND booked_count < capacity AND starts_at > $3
      RETURNING slot_id, doctor_id, hospital_id, starts_at, ends_at`,
    [slotId, doctorId, now.toISOString()],
  );
  const r = rows[0];
  return r
    ? {
        slotId: Number(r.slot_id),
        doctorId: r.doctor_id,
        hospitalId: r.hospital_id,
        startsAt: new Date(r.starts_at),
        endsAt: new Date(r.ends_at),
      }
    : null;
}

/** Gives one place of a slot back. */
export async function releaseSlot(sql: Sql, slotId: number): Promise<void> {
  await sql.query(
    'UPDATE doctor_slots SET booked_count = booked_count - 1 WHERE slot_id = $1 AND booked_count > 0',
    [slotId],
  );
}

/**
 * Counts one more active appointment with the doctor on a local day, within the doctor's daily
 * limit, in one upsert. Returns the queue number handed out (never reused), or null when the
 * day is full (registration_exceeded).
 */
export async function countDay(
  sql: Sql,
  doctorId: number,
  localDate: string,
  dailyLimit: number | null,
): Promise<number | null> {
  const { rows } = await sql.query<{ issued: number }>(
    `INSERT INTO booking_day_counts AS c (doctor_id, local_date, active_count, issued) VALUES ($1, $2, 1, 1)
     ON CONFLICT (tenant_id, doctor_id, local_date) DO UPDATE
        SET active_count = c.active_count + 1, issued = c.issued + 1
      WHERE $3::int IS NULL OR c.active_count < $3::int
     RETURNING issued`,
    [doctorId, localDate, dailyLimit],
  );
  return rows[0] ? Number(rows[0].issued) : null;
}

/** One active appointment fewer on a doctor's day. */
export async function uncountDay(sql: Sql, doctorId: number, localDate: string): Promise<void> {
  await sql.query(
    `UPDATE booking_day_counts SET active_count = active_count - 1
      WHERE doctor_id = $1 AND local_date = $2 AND active_count > 0`,
    [doctorId, localDate],
  );
}
