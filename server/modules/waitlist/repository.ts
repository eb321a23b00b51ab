import type { Sql } from '../../db/database';

export interface WaitlistRow {
  waitlist_id: string;
  doctor_id: number;
  doctor_name: string;
  patient_id: number;
  patient_name: string;
  local_date: string;
  service_type_id: number;
  state: string;
  notified_at: Date | null;
  created_at: Date;
}

const SELECT = `SELECT w.waitlist_id, w.doctor_id, d.full_name AS doctor_name, w.patient_id,
    p.full_name AS patient_name, w.local_date::text AS local_date, w.service_type_id, w.state,
    w.notified_at, w.created_at
  FROM waitlist_entries w
  JOIN doctors d ON d.doctor_id = w.doctor_id
  JOIN patients p ON p.patient_id = w.patient_id`;

/** Whether the doctor still has a free place that day (local day in the tenant's zone) ahead of now. */
export async function hasFreeSlot(
  sql: Sql,
  doctorId: number,
  localDate: string,
  timeZone: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM doctor_slots
     WHERE doctor_id = $1 AND NOT is_booked AND starts_at > $4
       AND (starts_at AT TIME ZONE $3)::date = $2::date LIMIT 1`,
    [doctorId, localDate, timeZone, now],
  );
  return rows.length > 0;
}

/** Whether the doctor offers the service type (has a price for it). */
export async function offersService(sql: Sql, doctorId: number, serviceTypeId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM doctor_prices p JOIN doctors d USING (doctor_id)
     WHERE p.doctor_id = $1 AND p.service_type_id = $2 AND d.approval_status = 1`,
    [doctorId, serviceTypeId],
  );
  return rows.length > 0;
}

/** Whether the patient already holds an active appointment with the doctor that day. */
export async function alreadyBooked(sql: Sql, patientId: number, doctorId: number, localDate: string) {
  const { rows } = await sql.query(
    `SELECT 1 FROM appointments WHERE patient_id = $1 AND doctor_id = $2 AND local_date = $3::date AND active`,
    [patientId, doctorId, localDate],
  );
  return rows.length > 0;
}

/** Adds an entry; null when the user already waits for that doctor and day. */
export async function insertEntry(
  sql: Sql,
  entry: {
    userId: number;
    patientId: number;
    doctorId: number;
    localDate: string;
    serviceTypeId: number;
    now: Date;
  },
): Promise<WaitlistRow | null> {
  const { rows } = await sql.query<{ waitlist_id: string }>(
    `INSERT INTO waitlist_entries (user_id, patient_id, doctor_id, local_date, service_type_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4::date, $5, $6, $6)
     ON CONFLICT DO NOTHING RETURNING waitlist_id`,
    [entry.userId, entry.patientId, entry.doctorId, entry.localDate, entry.serviceTypeId, entry.now],
  );
  if (!rows[0]) return null;
  const { rows: full } = await sql.query<WaitlistRow>(`${SELECT} WHERE w.waitlist_id = $1`, [
    rows[0].waitlist_id,
  ]);
  return full[0]!;
}

/** The user's active entries (waiting or told), soonest day first. */
export async function userEntries(sql: Sql, userId: number): Promise<WaitlistRow[]> {
  const { rows } = await sql.query<WaitlistRow>(
    `${SELECT} WHERE w.user_id = $1 AND w.state IN ('waiting', 'notified')
     ORDER BY w.local_date, w.created_at`,
    [userId],
  );
  return rows;
}

/** Leaves the list; false when the entry is not the user's or no longer active. */
export async function leaveEntry(sql: Sql, userId: number, waitlistId: number, now: Date): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE waitlist_entries SET state = 'cancelled', updated_at = $3
     WHERE waitlist_id = $1 AND user_id = $2 AND state IN ('waiting', 'notified') RETURNING waitlist_id`,
    [waitlistId, userId, now],
  );
  return rows.length > 0;
}
