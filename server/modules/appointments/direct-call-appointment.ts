import { AppointmentStatus, PaymentMethod, PaymentStatus, ServiceType } from '../../../schemas/codes';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { nextAppointmentNumber } from './appointment-number';
import { localDateOf } from '../../../schemas/time';

export interface DirectCallAppointmentInput {
  userId: number;
  patientId: number;
  doctorId: number;
  /** The moment the doctor accepted: the call starts now. */
  now: Date;
  /** The package's call duration: the appointment (and so the call window) ends after it. */
  minutes: number;
}

/**
 * The appointment of a direct call a doctor has just accepted (service type 3): no slot, no
 * hospital, nothing to pay (the package paid for it), booked from now for the package's call
 * duration. Its call is the video call screen's, so who may join and until when are the booking's
 * rules (CheckTimeAppointment). Not counted in the doctor's daily bookings: a call is not a visit.
 */
export async function openDirectCallAppointment(
  sql: Sql,
  tenant: TenantConfig,
  input: DirectCallAppointmentInput,
): Promise<{ appointmentId: number; appointmentNumber: string }> {
  const localDate = localDateOf(input.now, tenant.booking.timeZone);
  const numbered = await nextAppointmentNumber(sql, tenant, localDate);
  const endsAt = new Date(input.now.getTime() + input.minutes * 60_000);
  await sql.query(
    `INSERT INTO appointments (appointment_id, appointment_number, user_id, patient_id, doctor_id, slot_id,
       service_type_id, starts_at, ends_at, local_date, status, payment_status, payment_method, price,
       final_price, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8, $9, $10, $11, $12, 0, 0, $7, $7)`,
    [
      numbered.appointmentId,
      numbered.appointmentNumber,
      input.userId,
      input.patientId,
      input.doctorId,
      ServiceType.DirectCall,
      input.now.toISOString(),
      endsAt.toISOString(),
      localDate,
      AppointmentStatus.Booked,
      PaymentStatus.NotApplicable,
      PaymentMethod.FreeOfConsultation,
    ],
  );
  return numbered;
}
