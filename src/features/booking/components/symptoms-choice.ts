import { cleanText } from '../../../../schemas/free-text';
import { symptomChoiceProblem } from '../../../../schemas/symptom-choice';

/** What the patient says about their symptoms (schemas/symptom-choice.ts). */
export interface SymptomsChoice {
  symptomIds: number[];
  /** The symptom in their own words, as typed (cleaned when sent). */
  otherSymptom: string;
  /** "Không rõ" / "Not sure". */
  notSure: boolean;
}

/** The step's choice is complete: a preset, the patient's own words, or "not sure". */
export const symptomsChosen = (choice: SymptomsChoice) =>
  symptomChoiceProblem({
    symptomIds: choice.symptomIds,
    otherSymptom: choice.otherSymptom,
    symptomsUnknown: choice.notSure,
  }) === null;

/** The MakeAppointment fields of a choice (schemas/appointments.ts). */
export function symptomsBody(choice: SymptomsChoice) {
  const other = cleanText(choice.otherSymptom);
  return {
    symptomIds: choice.symptomIds,
    ...(other ? { otherSymptom: other } : {}),
    ...(choice.notSure ? { symptomsUnknown: true } : {}),
  };
}
