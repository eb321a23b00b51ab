import { paths } from '../../../schemas/paths';

/** Where the appointment screens link to. */
export const APPOINTMENTS_PATH = paths.appointments;
export const appointmentPath = (id: number) => `${APPOINTMENTS_PATH}${id}`;
/** The booking page, for a follow-up of a completed appointment with the same doctor. */
export const followUpPath = (doctorId: number, appointmentId: number) =>
  `${paths.bookAppointment}?doctorId=${doctorId}&followUpOf=${appointmentId}`;
/** The receipt page (booking feature). */
export const receiptPath = (id: number) => paths.receipt(id);
