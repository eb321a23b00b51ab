import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { PaymentService } from '../../services/payments/index';
import { afterBooking } from './after-booking';
import { lockAppointment } from './appointment-lock';
import { checkSlotOpen, type BookingCaller } from './booking-checks';
import { rescheduleRefusal } from './change-rules';
import { translated } from './constraint-errors';
import { expireLapsedHolds } from './holds';
import { countDay, releaseSlot, takeSlot, uncountDay } from './slot-ledger';

export interface RescheduleInput {
  appointmentId: number;
  slotId: number;
  reason: string;
  remark: string;
  payments?: PaymentService | undefined;
}

/**
 * rescheduleAppointment by the patient, in one transaction: the appointment is theirs (else 404),
 * within the tenant's limits (count, hours before), the new slot is the same doctor's and open
 * (same rules as booking); the old place is given back and the new one taken atomically, the
 * database again refusing overlaps and a second appointment of the patient that day.
 */
export async function rescheduleByPatient(
  sql: Sql,
  caller: BookingCaller,
  input: RescheduleInput,
): Promise<void> {
  const { tenant, now } = caller;
  const a = await lockAppointment(sql, input.appointmentId, caller.userId);
  if (!a) throw new ApiError(404, 'appointment_error');
  const refusal = rescheduleRefusal(tenant, a, now);
  if (refusal) throw new ApiError(409, 'reschedule_not_allowed', [refusal]);
  if (input.slotId === a.slotId) throw new ApiError(409, 'reschedule_not_allowed', ['reschedule_same_slot']);

  const target = await checkSlotOpen(sql, caller, input.slotId, a.doctorId);
  const { rows } = await sql.query<{ daily_booking_limit: number | null }>(
    'SELECT daily_booking_limit FROM doctors WHERE doctor_id = $1',
    [a.doctorId],
  );
  await releaseSlot(sql, a.slotId);
  await uncountDay(sql, a.doctorId, a.localDate);
  await expireLapsedHolds(sql, now, input.slotId, input.payments);
  const slot = await takeSlot(sql, input.slotId, a.doctorId, now);
  if (!slot) throw new ApiError(409, 'slot_unavailable');
  const issued = await countDay(sql, a.doctorId, target.localDate, rows[0]?.daily_booking_limit ?? null);
  if (issued === null) throw new ApiError(409, 'registration_exceeded');

  const hospitalVisit = a.serviceTypeId === 0;
  await translated(() =>
    sql.query(
      `UPDATE appointments SET slot_id = $2, starts_at = $3, ends_at = $4, local_date = $5,
              hospital_id = CASE WHEN $6 THEN coalesce($7, hospital_id) ELSE hospital_id END,
              queue_number = CASE WHEN $6 THEN $8::int ELSE queue_number END,
              reschedule_count = reschedule_count + 1, updated_at = $9
        WHERE appointment_id = $1`,
      [
        a.appointmentId,
        slot.slotId,
        slot.startsAt.toISOString(),
        slot.endsAt.toISOString(),
        target.localDate,
        hospitalVisit,
        slot.hospitalId,
        issued,
        now.toISOString(),
      ],
    ),
  );
  await sql.query(
    `INSERT INTO appointment_reschedules (appointment_id, previous_slot_id, new_slot_id, previous_starts_at,
       new_starts_at, rescheduled_by, reason, remark, created_at)
     VALUES ($1, $2, $3, $4, $5, 'patient', $6, $7, $8)`,
    [
      a.appointmentId,
      a.slotId,
      slot.slotId,
      a.startsAt.toISOString(),
      slot.startsAt.toISOString(),
      input.reason,
      input.remark,
      now.toISOString(),
    ],
  );
  await afterBooking.moved(sql, tenant, a.appointmentId, slot.startsAt, {
    startsAt: a.startsAt,
    count: a.rescheduleCount + 1,
  });
  await afterBooking.freed(sql, tenant, { doctorId: a.doctorId, localDate: a.localDate, slotId: a.slotId });
}
