/**
 * The appointments module's public API for other modules (jobs, payments, operator commands,
 * the doctor page's price, the schedule's free slots). Nothing else in this folder may be
 * imported from outside it.
 */
export { expireLapsedHolds, expireDoctorHolds, type LapsedHold } from './holds';
export { settleAppointmentPayment } from './settlement';
export { cancelAppointmentBy } from './cancel';
export { openDirectCallAppointment, type DirectCallAppointmentInput } from './direct-call-appointment';
export {
  operatorList,
  completeAppointment,
  markNoShow,
  parsePrescription,
  type OperatorRow,
} from './operator';
export {
  checkTimeState,
  prescriptionItems,
  type CheckTimeState,
  type OwnedAppointment,
  type PrescriptionItem,
} from './care-repository';
export { quotePrice, basePrice, type Quote, type QuoteInput } from './pricing';
export { bookingWindow, dayOpen, type BookingWindow } from './booking-window';
export { bookingClock, setBookingNow } from './clock';
export { dateFilterRange } from './appointment-view';
import type { Sql } from '../../db/database';

export { appointmentsSection } from './personal-data-section';

/** Appointment numbers by id, of the user's own appointments (the personal data access log). */
export async function appointmentNumbers(
  sql: Sql,
  userId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await sql.query<{ appointment_id: string; appointment_number: string }>(
    'SELECT appointment_id, appointment_number FROM appointments WHERE user_id = $1 AND appointment_id = ANY($2::bigint[])',
    [userId, ids],
  );
  return new Map(rows.map((r) => [Number(r.appointment_id), r.appointment_number]));
}
export { appointmentsRoutes, type AppointmentsOptions } from './routes';
