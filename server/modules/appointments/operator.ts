import { AppointmentStatus, PaymentMethod, PaymentStatus } from '../../../schemas/codes';
import type { Sql } from '../../db/database';
import { prescriptionItems, type PrescriptionItem } from './care-repository';
import { uncountDay } from './slot-ledger';
import { cancelReminders } from '../reminders/index';

/**
 * The operator side of after-care (`npm run admin -- appointments ...`). Runs in an owner
 * transaction with app.tenant_id set; the owner may be a superuser that bypasses RLS, so every
 * statement also names `tenant_id = current_tenant()` itself.
 */

export interface OperatorRow {
  appointment_id: string | number;
  appointment_number: string;
  status: number;
  payment_status: number;
  payment_method: number;
  service_type_id: number;
  starts_at: Date;
  local_date: string;
  doctor_name: string;
  patient_name: string;
  login: string;
}

/** A tenant's appointments (newest start first, at most `limit`), optionally of one account. */
export async function operatorList(
  sql: Sql,
  filter: { login?: string; limit?: number } = {},
): Promise<OperatorRow[]> {
  const params: unknown[] = [filter.limit ?? 200];
  let who = '';
  if (filter.login) {
    const name = filter.login.trim();
    if (name.includes('@')) {
      params.push(name.toLowerCase());
      who = `AND lower(u.email) = $${params.length}`;
    } else {
      params.push(name.replace(/\D/g, '').replace(/^0+/, ''));
      who = `AND (u.mobile_number = $${params.length} OR u.phone_code || u.mobile_number = '+' || $${params.length})`;
    }
  }
  const { rows } = await sql.query<OperatorRow>(
    `SELECT a.appointment_id, a.appointment_number, a.status, a.payment_status, a.payment_method, a.service_type_id,
            a.starts_at, to_char(a.local_date, 'YYYY-MM-DD') AS local_date, d.full_name AS doctor_name,
            p.full_name AS patient_name, COALESCE(u.email, u.phone_code || u.mobile_number, '') AS login
       FROM appointments a
       JOIN doctors d ON d.doctor_id = a.doctor_id
       JOIN patients p ON p.patient_id = a.patient_id
       JOIN users u ON u.user_id = a.user_id
      WHERE a.tenant_id = current_tenant() ${who}
      ORDER BY a.starts_at DESC, a.appointment_id DESC LIMIT $1`,
    params,
  );
  return rows;
}

export interface CompleteInput {
  diagnosis: string;
  note: string;
  advice?: string;
  prescription: PrescriptionItem[];
  now: Date;
}

/** Parses a prescription given as JSON text: an array of items (name required). */
export function parsePrescription(text: string): PrescriptionItem[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const items = prescriptionItems(value);
  if (items.length !== value.length || items.some((i) => !i.name.trim())) return null;
  return items;
}

/**
 * Completes a Pending or Booked appointment with a consultation note and prescription: status
 * Completed, completed_at, a consultations row; the payment of a cash appointment becomes
 * Completed (collected at the visit). The slot stays taken; the doctor's day count of active
 * appointments drops by one.
 * @returns 'completed', 'not_found' or 'not_active' (already completed, cancelled, or paying)
 */
export async function completeAppointment(
  sql: Sql,
  appointmentId: number,
  input: CompleteInput,
): Promise<'completed' | 'not_found' | 'not_active'> {
  const { rows } = await sql.query<{ status: number; doctor_id: number; local_date: string }>(
    `SELECT status, doctor_id, to_char(local_date, 'YYYY-MM-DD') AS local_date FROM appointments
      WHERE appointment_id = $1 AND tenant_id = current_tenant() FOR UPDATE`,
    [appointmentId],
  );
  const a = rows[0];
  if (!a) return 'not_found';
  if (a.status !== AppointmentStatus.Booked && a.status !== AppointmentStatus.Pending) return 'not_active';
  await sql.query(
    `UPDATE appointments
        SET status = ${AppointmentStatus.Completed}, completed_at = $2, updated_at = $2,
            payment_status = CASE WHEN payment_method = ${PaymentMethod.CashOnConsultation}
                                   AND payment_status IN (${PaymentStatus.NotApplicable}, ${PaymentStatus.Pending})
                                  THEN ${PaymentStatus.Completed} ELSE payment_status END
      WHERE appointment_id = $1 AND tenant_id = current_tenant()`,
    [appointmentId, input.now],
  );
  await uncountDay(sql, a.doctor_id, a.local_date);
  // A completed appointment needs no more reminders.
  await cancelReminders(sql, appointmentId, 'appointment completed', input.now);
  await sql.query(
    `INSERT INTO consultations (appointment_id, diagnosis, note, advice, prescription, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [
      appointmentId,
      input.diagnosis.normalize('NFC'),
      input.note.normalize('NFC'),
      (input.advice ?? '').normalize('NFC'),
      JSON.stringify(input.prescription),
      input.now,
    ],
  );
  return 'completed';
}

/**
 * Marks a Booked or Pending appointment whose start has passed as a no-show (status NoShow): the
 * slot stays taken (its time is gone), the doctor's day count of active appointments drops by one
 * and its reminders stop. Another tenant's (or, in a care transaction, another doctor's) id is
 * 'not_found'.
 */
export async function markNoShow(
  sql: Sql,
  appointmentId: number,
  now: Date,
): Promise<'marked' | 'not_found' | 'not_active' | 'too_early'> {
  const { rows } = await sql.query<{
    status: number;
    doctor_id: number;
    local_date: string;
    starts_at: Date;
  }>(
    `SELECT status, doctor_id, to_char(local_date, 'YYYY-MM-DD') AS local_date, starts_at FROM appointments
      WHERE appointment_id = $1 AND tenant_id = current_tenant() FOR UPDATE`,
    [appointmentId],
  );
  const a = rows[0];
  if (!a) return 'not_found';
  if (a.status !== AppointmentStatus.Booked && a.status !== AppointmentStatus.Pending) return 'not_active';
  if (new Date(a.starts_at).getTime() > now.getTime()) return 'too_early';
  await sql.query(
    `UPDATE appointments SET status = ${AppointmentStatus.NoShow}, no_show_at = $2, updated_at = $2
      WHERE appointment_id = $1 AND tenant_id = current_tenant()`,
    [appointmentId, now],
  );
  await uncountDay(sql, a.doctor_id, a.local_date);
  await cancelReminders(sql, appointmentId, 'no-show', now);
  return 'marked';
}
