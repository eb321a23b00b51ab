import { AppointmentStatus, PaymentStatus } from '../../../schemas/codes';
import type { Sql } from '../../db/database';
import type { PaymentService } from '../../services/payments/index';
import { creditWallet } from '../wallet/index';
import { releaseSlot, uncountDay } from './slot-ledger';

export interface LapsedHold {
  appointmentId: number;
  slotId: number;
  doctorId: number;
  localDate: string;
}

/**
 * Online-payment holds whose time ran out without a confirmed payment: the appointment becomes
 * PaymentCancel with payment Cancelled, its slot place and day count are given back and any wallet
 * part is refunded. One UPDATE picks the rows, so two runs (the periodic job and a booking of the
 * same slot) never release one hold twice. `slotId` limits it to one slot (lazily, before booking).
 * @returns the holds released
 */
export async function expireLapsedHolds(
  sql: Sql,
  now: Date,
  slotId?: number,
  payments?: PaymentService,
): Promise<LapsedHold[]> {
  const params: unknown[] = [now.toISOString()];
  if (slotId !== undefined) params.push(slotId);
  const { rows } = await sql.query<{
    appointment_id: string | number;
    slot_id: string | number;
    doctor_id: number;
    local_date: string;
    user_id: number;
    wallet_amount: number;
  }>(
    `UPDATE appointments SET status = ${AppointmentStatus.PaymentCancel}, payment_status = ${PaymentStatus.Cancelled}, updated_at = $1
      WHERE status = ${AppointmentStatus.PaymentInitiated} AND hold_expires_at <= $1 ${slotId !== undefined ? 'AND slot_id = $2' : ''}
      RETURNING appointment_id, slot_id, doctor_id, local_date::text AS local_date, user_id, wallet_amount`,
    params,
  );
  for (const r of rows) {
    const appointmentId = Number(r.appointment_id);
    await releaseSlot(sql, Number(r.slot_id));
    await uncountDay(sql, r.doctor_id, r.local_date);
    await creditWallet(sql, 'refund', {
      userId: r.user_id,
      amount: Number(r.wallet_amount),
      appointmentId,
      description: 'hold_expired',
    });
    await payments?.cancelPending(sql, appointmentId);
  }
  return rows.map((r) => ({
    appointmentId: Number(r.appointment_id),
    slotId: Number(r.slot_id),
    doctorId: r.doctor_id,
    localDate: r.local_date,
  }));
}

/** Lapsed holds of one doctor's slots (before reading the doctor's schedule). */
export async function expireDoctorHolds(sql: Sql, now: Date, doctorId: number, payments?: PaymentService) {
  const { rows } = await sql.query<{ slot_id: string | number }>(
    `SELECT DISTINCT slot_id FROM appointments WHERE status = ${AppointmentStatus.PaymentInitiated} AND hold_expires_at <= $1 AND doctor_id = $2`,
    [now.toISOString(), doctorId],
  );
  const released: LapsedHold[] = [];
  for (const r of rows) released.push(...(await expireLapsedHolds(sql, now, Number(r.slot_id), payments)));
  return released;
}
