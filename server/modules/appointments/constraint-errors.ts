import { ApiError } from '../../lib/api-error';

/**
 * The database enforces the booking rules; this only translates its refusals into clear 409s:
 * the doctor's overlap exclusion, one active appointment per patient, doctor and day, and a
 * deadlock or serialization failure between two bookers (the caller may simply try again).
 */
const BY_CONSTRAINT: Record<string, string> = {
  appointments_doctor_overlap: 'doctor_time_conflict',
  appointments_patient_doctor_day_idx: 'patient_same_day',
  doctor_slots_booked_within_capacity: 'slot_unavailable',
};

export function translateBookingError(error: unknown): unknown {
  if (!error || typeof error !== 'object') return error;
  const e = error as { code?: string; constraint?: string; message?: string };
  const named = e.constraint ?? Object.keys(BY_CONSTRAINT).find((c) => e.message?.includes(`"${c}"`));
  if (named && BY_CONSTRAINT[named]) return new ApiError(409, BY_CONSTRAINT[named]);
  if (e.code === '40P01' || e.code === '40001') return new ApiError(409, 'scheduling_failed');
  return error;
}

/** Runs a statement and rethrows a constraint refusal as its 409. */
export async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translateBookingError(error);
  }
}
