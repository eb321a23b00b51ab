import type { CallRole } from './call-peer';

/** The call screen of an appointment. */
export const videoCallPath = (appointmentId: number) => `/video-call/${appointmentId}`;

/** Where "Back to the appointment" leads: the patient's appointment page, or the care workspace. */
export const backFromCall = (role: CallRole | undefined, appointmentId: number) =>
  role === 'doctor' ? `/care/appointments/${appointmentId}` : `/me/appointments-list/${appointmentId}`;
