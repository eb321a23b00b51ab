import type { Sql } from '../../db/database';

/** The columns the write paths need of one appointment, read FOR UPDATE (changes queue on it). */
export interface LockedAppointment {
  appointmentId: number;
  appointmentNumber: string;
  userId: number;
  doctorId: number;
  slotId: number;
  serviceTypeId: number;
  hospitalId: number | null;
  startsAt: Date;
  localDate: string;
  status: number;
  paymentStatus: number;
  paymentMethod: number;
  walletAmount: number;
  finalPrice: number;
  rescheduleCount: number;
}

/**
 * Locks an appointment of the transaction's tenant (operator commands run as the owner, which may
 * bypass RLS: the tenant filter is explicit); with `userId`, only that user's (another's answers
 * null, like a missing one).
 */
export async function lockAppointment(
  sql: Sql,
  appointmentId: number,
  userId?: number,
): Promise<LockedAppointment | null> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT appointment_id, appointment_number, user_id, doctor_id, slot_id, service_type_id, hospital_id,
            starts_at, local_date::text AS local_date, status, payment_status, payment_method, wallet_amount,
            final_price, reschedule_count
       FROM appointments WHERE appointment_id = $1 AND tenant_id = current_tenant() ${userId !== undefined ? 'AND user_id = $2' : ''}
        FOR UPDATE`,
    userId !== undefined ? [appointmentId, userId] : [appointmentId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    appointmentId: Number(r.appointment_id),
    appointmentNumber: String(r.appointment_number),
    userId: Number(r.user_id),
    doctorId: Number(r.doctor_id),
    slotId: Number(r.slot_id),
    serviceTypeId: Number(r.service_type_id),
    hospitalId: r.hospital_id == null ? null : Number(r.hospital_id),
    startsAt: new Date(r.starts_at as string),
    localDate: String(r.local_date),
    status: Number(r.status),
    paymentStatus: Number(r.payment_status),
    paymentMethod: Number(r.payment_method),
    walletAmount: Number(r.wallet_amount),
    finalPrice: Number(r.final_price),
    rescheduleCount: Number(r.reschedule_count),
  };
}
