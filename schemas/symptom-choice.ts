import { CLEAN_TEXT_KEYWORD, cleanText, NO_CONTROL_CHARACTERS, textFieldProblem } from './free-text';

/**
 * What a patient says about their symptoms when booking (spec section 5, "Must be selected:
 * symptom"): presets the doctor treats, a symptom in their own words ("Khác (mô tả)"), or "not
 * sure" ("Không rõ"). At least one of them; "not sure" stands alone (it says no symptom is named).
 * The booking form and MakeAppointment run this same rule; the free text's limits are the
 * `otherSymptom` field of MakeAppointmentRequest (schemas/appointments.ts), built from
 * OTHER_SYMPTOM_RULES below.
 */

/** Limits of the free-text symptom: typed text, at most 200 characters, no control characters. */
export const OTHER_SYMPTOM_RULES = {
  maxLength: 200,
  pattern: NO_CONTROL_CHARACTERS,
  [CLEAN_TEXT_KEYWORD]: true,
  'x-message': 'other_symptom_invalid',
} as const;

export interface SymptomChoice {
  symptomIds: readonly number[];
  otherSymptom?: string | undefined;
  symptomsUnknown?: boolean | undefined;
}

/**
 * The message key of a symptom choice that cannot be booked, or null:
 * other_symptom_invalid (text too long or with control characters), symptom_not_sure_alone
 * ("not sure" with a named symptom), symptom_required (nothing chosen, described or unsure).
 */
export function symptomChoiceProblem(choice: SymptomChoice): string | null {
  const other = cleanText(choice.otherSymptom ?? '');
  const textProblem = textFieldProblem(OTHER_SYMPTOM_RULES, other);
  if (textProblem) return textProblem;
  const named = choice.symptomIds.length > 0 || other !== '';
  if (choice.symptomsUnknown) return named ? 'symptom_not_sure_alone' : null;
  return named ? null : 'symptom_required';
}
