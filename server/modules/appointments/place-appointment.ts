import type { Sql } from '../../db/database';
import { translated } from './constraint-errors';

/** The appointment row MakeAppointment writes, once its slot and day are taken. */
export interface NewAppointment {
  /** "SH-261123-": the number's prefix; the id completes it (appointment-number.ts). */
  numberPrefix: string;
  userId: number;
  patientId: number;
  doctorId: number;
  slotId: number;
  serviceTypeId: number;
  hospitalId: number | null;
  addressId: number | null;
  localDate: string;
  dailyLimit: number | null;
  status: number;
  paymentStatus: number;
  paymentMethod: number;
  price: number;
  discount: number;
  walletAmount: number;
  finalPrice: number;
  promoCodeId: number | null;
  note: string;
  holdExpiresAt: Date | null;
  followUpOf: number | null;
  now: Date;
  otherSymptom: string;
  symptomsUnknown: boolean;
  symptomIds: number[];
  /** The Idempotency-Key this request claimed: it now names the appointment. */
  idempotencyKey: string | null;
}

export type Placed =
  | { outcome: 'slot_unavailable' }
  | { outcome: 'registration_exceeded' }
  | {
      outcome: 'placed';
      appointmentId: number;
      appointmentNumber: string;
      startsAt: Date;
      endsAt: Date;
      /** The day's queue number handed out. */
      issued: number;
    };

/**
 * Takes a place of the slot (a future slot of the doctor with room), counts the doctor's day
 * within its limit (the queue number), numbers the appointment and inserts it with its symptoms
 * (and names it in the request's Idempotency-Key):
 * one statement of data-modifying CTEs, the same atomic conditions as slot-ledger.ts' takeSlot and
 * countDay, so concurrent bookers still queue on the row locks and the database decides who gets
 * the last place. A refused slot or day writes nothing (the caller's transaction rolls back the
 * slot when only the day is full); the database's own refusals (the doctor's overlap, one
 * appointment per patient, doctor and day) become their 409s.
 */
export async function placeAppointment(sql: Sql, a: NewAppointment): Promise<Placed> {
  const { rows } = await translated(() =>
    sql.query<{
      appointment_id: string | number | null;
      appointment_number: string | null;
      starts_at: Date | string;
      ends_at: Date | string;
      issued: number | null;
    }>(
      `WITH slot AS (
         UPDATE doctor_slots SET booked_count = booked_count + 1
          WHERE slot_id = $1 AND doctor_id = $2 AND booked_count < capacity AND starts_at > $3
          RETURNING starts_at, ends_at),
       day AS (
         INSERT INTO booking_day_counts AS c (doctor_id, local_date, active_count, issued)
         SELECT $2, $4::date, 1, 1 FROM slot
         ON CONFLICT (tenant_id, doctor_id, local_date) DO UPDATE
            SET active_count = c.active_count + 1, issued = c.issued + 1
          WHERE $5::int IS NULL OR c.active_count < $5::int
         RETURNING issued),
       id AS (
         SELECT nextval(pg_get_serial_sequence('appointments', 'appointment_id')) AS appointment_id FROM slot, day),
       appointment AS (
         INSERT INTO appointments (appointment_id, appointment_number, user_id, patient_id, doctor_id, slot_id,
           service_type_id, hospital_id, address_id, starts_at, ends_at, local_date, status, payment_status,
           payment_method, price, discount, wallet_amount, final_price, promo_code_id, note, queue_number,
           hold_expires_at, follow_up_of, created_at, updated_at, other_symptom, symptoms_unknown)
         SELECT id.appointment_id,
                $6 || lpad(id.appointment_id::text, greatest(5, length(id.appointment_id::text)), '0'),
                $7, $8, $2, $1, $9, $10, $11, slot.starts_at, slot.ends_at, $4::date, $12, $13, $14, $15, $16,
                $17, $18, $19, $20, CASE WHEN $9::int = 0 THEN day.issued END, $21, $22, $3, $3, $23, $24
           FROM id, slot, day
         RETURNING appointment_id, appointment_number),
       symptoms AS (
         INSERT INTO appointment_symptoms (appointment_id, symptom_id)
         SELECT appointment.appointment_id, unnest($25::int[]) FROM appointment),
       claimed_key AS (
         UPDATE idempotency_keys k SET appointment_id = appointment.appointment_id FROM appointment
          WHERE $26::text IS NOT NULL AND k.user_id = $7 AND k.idempotency_key = $26)
       SELECT appointment.appointment_id, appointment.appointment_number, slot.starts_at, slot.ends_at, day.issued
         FROM slot LEFT JOIN day ON true LEFT JOIN appointment ON true`,
      [
        a.slotId,
        a.doctorId,
        a.now.toISOString(),
        a.localDate,
        a.dailyLimit,
        a.numberPrefix,
        a.userId,
        a.patientId,
        a.serviceTypeId,
        a.hospitalId,
        a.addressId,
        a.status,
        a.paymentStatus,
        a.paymentMethod,
        a.price,
        a.discount,
        a.walletAmount,
        a.finalPrice,
        a.promoCodeId,
        a.note,
        a.holdExpiresAt?.toISOString() ?? null,
        a.followUpOf,
        a.otherSymptom,
        a.symptomsUnknown,
        a.symptomIds,
        a.idempotencyKey,
      ],
    ),
  );
  const r = rows[0];
  if (!r) return { outcome: 'slot_unavailable' };
  if (r.issued === null || r.appointment_id === null) return { outcome: 'registration_exceeded' };
  return {
    outcome: 'placed',
    appointmentId: Number(r.appointment_id),
    appointmentNumber: r.appointment_number!,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    issued: Number(r.issued),
  };
}
