import type { AppointmentSummary } from '../../../schemas/appointments';
import { AppointmentStatus, PaymentMethod, PaymentStatus } from '../../../schemas/codes';

/** The doctor's title and name: "BS. Nguyễn An". */
export const doctorLabel = (a: Pick<AppointmentSummary, 'doctorTitle' | 'doctorName'>) =>
  [a.doctorTitle, a.doctorName].filter(Boolean).join(' ');

/** The fields a status label depends on. */
export interface StatusSource {
  status: number;
  cancelledBy: string | null;
}

const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(AppointmentStatus).map(([name, value]) => [value, name]),
);
const PAYMENT_STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(PaymentStatus).map(([name, value]) => [value, name]),
);
const PAYMENT_METHOD_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(PaymentMethod).map(([name, value]) => [value, name]),
);

/** Who may have cancelled, other than the patient: each has its own label (spec section 3). */
const CANCELLED_BY_KEYS: Record<string, string> = {
  doctor: 'appointments.status.CancelledByDoctor',
  hospital: 'appointments.status.CancelledByHospital',
  system: 'appointments.status.CancelledBySystem',
};

/**
 * The message key of an appointment's status: one per AppointmentStatus value, and for a
 * cancelled one "cancelled by the doctor / the hospital / the system" when not the patient.
 */
export function statusKey({ status, cancelledBy }: StatusSource): string {
  if (status === AppointmentStatus.Cancelled && cancelledBy && CANCELLED_BY_KEYS[cancelledBy])
    return CANCELLED_BY_KEYS[cancelledBy];
  return `appointments.status.${STATUS_NAMES[status] ?? 'Unknown'}`;
}

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** The colour family of a status badge (the text says it too; colour is never the only cue). */
export function statusTone(status: number): Tone {
  if (status === AppointmentStatus.Booked || status === AppointmentStatus.Completed) return 'success';
  if (status === AppointmentStatus.Pending || status === AppointmentStatus.PaymentInitiated) return 'warning';
  return 'danger';
}

/** The message key of a PaymentStatus value. */
export const paymentStatusKey = (paymentStatus: number) =>
  `appointments.paymentStatus.${PAYMENT_STATUS_NAMES[paymentStatus] ?? 'Unknown'}`;

export function paymentTone(paymentStatus: number): Tone {
  if (paymentStatus === PaymentStatus.Completed || paymentStatus === PaymentStatus.Refunded) return 'success';
  if (paymentStatus === PaymentStatus.Pending) return 'warning';
  if (paymentStatus === PaymentStatus.NotApplicable) return 'neutral';
  return 'danger';
}

/** The message key of a PaymentMethod value. */
export const paymentMethodKey = (method: number) =>
  `appointments.paymentMethod.${PAYMENT_METHOD_NAMES[method] ?? 'Unknown'}`;

/** Paid or booked: a receipt exists (spec "Receipt"). */
export const hasReceipt = (a: { status: number; paymentStatus: number }) =>
  a.status === AppointmentStatus.Booked ||
  a.status === AppointmentStatus.Completed ||
  a.paymentStatus === PaymentStatus.Completed ||
  a.paymentStatus === PaymentStatus.Refunded;
