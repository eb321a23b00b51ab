/**
 * The reasons a patient picks from when cancelling or rescheduling (spec: cancel reason and remark
 * required). The key is what the server stores; screens translate it, and show any other text as is.
 */
export const CANCEL_REASONS = [
  'scheduleConflict',
  'feelingBetter',
  'otherDoctor',
  'wrongBooking',
  'other',
] as const;
export const RESCHEDULE_REASONS = ['scheduleConflict', 'notAvailable', 'travel', 'other'] as const;

/** A stored reason in the reader's language (a key of the lists above), else the text itself. */
export const reasonText = (t: (key: string, options?: { defaultValue: string }) => string, reason: string) =>
  t(`appointments.reasons.${reason}`, { defaultValue: reason });

export type ReasonForm = { reason: string; remark: string };
export type ReasonErrors = Partial<Record<keyof ReasonForm, string>>;

/** Reason and remark are both required (spec section 5); the message keys match the server's. */
export function reasonErrors(values: ReasonForm, reasonKey: string): ReasonErrors {
  const errors: ReasonErrors = {};
  if (!values.reason.trim()) errors.reason = reasonKey;
  if (!values.remark.trim()) errors.remark = 'remark_required';
  return errors;
}
