import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { StepId } from './booking-params';

/** Which step a MakeAppointment refusal is about (its message shows there, focus goes there). */
const STEP_OF_KEY: Record<string, StepId> = {
  select_service_type: 'service',
  service_not_offered: 'service',
  select_address: 'address',
  address_not_found: 'address',
  slot_unavailable: 'slot',
  doctor_time_conflict: 'slot',
  booking_closed: 'slot',
  registration_exceeded: 'slot',
  select_patient: 'patient',
  patient_not_found: 'patient',
  patient_same_day: 'patient',
  personal_info_required: 'patient',
  select_symptom: 'symptoms',
  symptom_required: 'symptoms',
  symptom_not_sure_alone: 'symptoms',
  other_symptom_invalid: 'symptoms',
  promo_code_invalid: 'price',
  promo_code_wrong_service: 'price',
  promo_code_min_amount: 'price',
  wallet_not_eligible: 'price',
  select_payment_method: 'payment',
  payment_method_not_allowed: 'payment',
};

export interface BookingFailure {
  /** The reply's keys: `codeMessageRespond` first, then `errors`. */
  keys: string[];
  /** The step the first known key belongs to, or null (shown with the confirm button). */
  step: StepId | null;
  /** HTTP status, or a network failure. */
  status: number | 'network' | 'other';
}

interface ErrorBody {
  codeMessageRespond?: string | null;
  errors?: string[] | null;
}

/** Reads a failed MakeAppointment (or any booking call) into keys and the step they concern. */
export function bookingFailure(error: FetchBaseQueryError | SerializedError | undefined): BookingFailure {
  if (!error || !('status' in error)) return { keys: [], step: null, status: 'other' };
  const status =
    typeof error.status === 'number' ? error.status : error.status === 'FETCH_ERROR' ? 'network' : 'other';
  const body = (error.data && typeof error.data === 'object' ? error.data : {}) as ErrorBody;
  const keys = [body.codeMessageRespond, ...(body.errors ?? [])].filter(
    (key, index, all): key is string => !!key && all.indexOf(key) === index,
  );
  const step = keys.map((key) => STEP_OF_KEY[key]).find((found) => found !== undefined) ?? null;
  return { keys, step, status };
}
