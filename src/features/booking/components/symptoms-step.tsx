import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanText, textFieldProblem, textLength } from '../../../../schemas/free-text';
import { OTHER_SYMPTOM_RULES } from '../../../../schemas/symptom-choice';
import { QueryState } from '../../../components/query-state';
import { button, fieldError, input, label as labelClass } from '../../../components/ui.css';
import { useHealthRecordsQuery } from '../../health-records';
import { useDoctorSymptomsQuery, usePastConsultationsQuery } from '../api';
import { formatLocalDate } from '../../../../schemas/time';
import type { BookingFailure } from '../booking-errors';
import * as css from '../booking.css';
import { failureMessages } from './failure-text';
import { symptomsChosen, type SymptomsChoice } from './symptoms-choice';

export { symptomsBody, symptomsChosen, type SymptomsChoice } from './symptoms-choice';

interface SymptomsStepProps {
  doctorId: number;
  userId: number | string;
  /** The patient booked for: only their records can be shared. */
  patientId: number | null;
  choice: SymptomsChoice;
  onChoice: (changes: Partial<SymptomsChoice>) => void;
  note: string;
  onNote: (note: string) => void;
  records: number[];
  onRecords: (records: number[]) => void;
  /** Earlier completed appointments of the patient whose notes the doctor may read. */
  consultations: number[];
  onConsultations: (ids: number[]) => void;
  error: BookingFailure | null;
  onContinue: () => void;
}

const toggle = (list: number[], id: number, on: boolean) =>
  on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);

/**
 * Step: the symptoms the doctor treats (Doctors/SymptomsByDoctor), a symptom in the patient's own
 * words ("Khác (mô tả)") or "Không rõ", an optional note, and the health records of the chosen
 * patient to share with the doctor (shown when there are some; only the appointment's doctor
 * side sees them). "Không rõ" stands alone: ticking it clears the presets and the text, choosing
 * a preset or typing unticks it. The text follows the same rules as MakeAppointment's
 * `otherSymptom` (schemas/symptom-choice.ts), checked as it is typed.
 */
export function SymptomsStep(props: SymptomsStepProps) {
  const {
    doctorId,
    userId,
    patientId,
    choice,
    onChoice,
    note,
    onNote,
    records,
    onRecords,
    consultations,
    onConsultations,
    error,
    onContinue,
  } = props;
  const { t } = useTranslation();
  const id = useId();
  const symptoms = useDoctorSymptomsQuery(doctorId);
  const shareable = useHealthRecordsQuery(
    { userId, patientId, duration: 'all', recordType: null, pageNumber: 1, pageSize: 100 },
    { skip: patientId === null },
  );
  const shareableRecords = shareable.data?.userHealthRecords ?? [];
  const past = usePastConsultationsQuery(undefined, { skip: patientId === null });
  const shareableVisits = (past.data?.appointments ?? []).filter((a) => a.patientId === patientId);
  const errorText = error ? failureMessages(t, error).join(' ') : null;
  const textKey =
    textFieldProblem(OTHER_SYMPTOM_RULES, choice.otherSymptom) ??
    (error?.keys.includes('other_symptom_invalid') ? 'other_symptom_invalid' : null);
  const hintId = `${id}-symptoms-hint`;
  const otherId = `${id}-other`;
  const countId = `${id}-other-count`;
  const otherErrorId = `${id}-other-error`;
  return (
    <div className={css.step}>
      <fieldset className={css.fieldset} aria-describedby={hintId}>
        <legend className={css.legend}>{t('booking.chooseSymptoms')}</legend>
        <p id={hintId} className={errorText ? css.errorText : css.note}>
          {errorText ?? t('booking.symptomsHint')}
        </p>
        <QueryState
          isLoading={symptoms.isLoading}
          isError={symptoms.isError}
          isEmpty={!symptoms.data?.length}
          onRetry={symptoms.refetch}
          emptyText={t('booking.noSymptoms')}
          skeletons={1}
        >
          <div className={css.options}>
            {(symptoms.data ?? []).map((symptom, index) => (
              <label key={symptom.symptomId} className={css.choice}>
                <input
                  type="checkbox"
                  className={css.choiceInput}
                  checked={choice.symptomIds.includes(symptom.symptomId)}
                  aria-invalid={errorText && !textKey && index === 0 ? true : undefined}
                  onChange={(event) =>
                    onChoice({
                      symptomIds: toggle(choice.symptomIds, symptom.symptomId, event.target.checked),
                      ...(event.target.checked ? { notSure: false } : {}),
                    })
                  }
                />
                <span>{symptom.name}</span>
              </label>
            ))}
          </div>
        </QueryState>
        <div className={css.options}>
          <label className={css.choice}>
            <input
              type="checkbox"
              className={css.choiceInput}
              checked={choice.notSure}
              onChange={(event) =>
                onChoice(
                  event.target.checked
                    ? { notSure: true, symptomIds: [], otherSymptom: '' }
                    : { notSure: false },
                )
              }
            />
            <span>{t('booking.notSure')}</span>
          </label>
        </div>
        <div className={css.step}>
          <label className={labelClass} htmlFor={otherId}>
            {t('booking.otherSymptom')}
          </label>
          <input
            id={otherId}
            type="text"
            className={input}
            value={choice.otherSymptom}
            autoComplete="off"
            aria-invalid={textKey ? true : undefined}
            aria-describedby={textKey ? `${countId} ${otherErrorId}` : countId}
            onChange={(event) =>
              onChoice({
                otherSymptom: event.target.value,
                ...(event.target.value.trim() ? { notSure: false } : {}),
              })
            }
          />
          <p id={countId} className={css.note}>
            {t('booking.otherSymptomCount', {
              count: textLength(cleanText(choice.otherSymptom)),
              max: OTHER_SYMPTOM_RULES.maxLength,
            })}
          </p>
          {textKey && (
            <p id={otherErrorId} className={fieldError}>
              {t(textKey)}
            </p>
          )}
        </div>
      </fieldset>
      <div className={css.step}>
        <label className={labelClass} htmlFor={`${id}-note`}>
          {t('booking.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className={css.textarea}
          maxLength={1000}
          value={note}
          onChange={(event) => onNote(event.target.value)}
        />
      </div>
      {shareableRecords.length > 0 && (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t('booking.shareRecords')}</legend>
          {shareableRecords.map((record) => (
            <label key={record.healthRecordId} className={css.checkRow}>
              <input
                type="checkbox"
                checked={records.includes(record.healthRecordId)}
                onChange={(event) => onRecords(toggle(records, record.healthRecordId, event.target.checked))}
              />
              {record.recordName}
            </label>
          ))}
        </fieldset>
      )}
      {shareableVisits.length > 0 && (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t('booking.shareConsultations')}</legend>
          {shareableVisits.map((visit) => (
            <label key={visit.appointmentId} className={css.checkRow}>
              <input
                type="checkbox"
                checked={consultations.includes(visit.appointmentId)}
                onChange={(event) =>
                  onConsultations(toggle(consultations, visit.appointmentId, event.target.checked))
                }
              />
              {`${formatLocalDate(visit.localDate)} · ${visit.doctorTitle} ${visit.doctorName}`}
            </label>
          ))}
        </fieldset>
      )}
      <p>
        <button
          type="button"
          className={button.secondary}
          onClick={onContinue}
          disabled={!symptomsChosen(choice)}
        >
          {t('booking.continue')}
        </button>
      </p>
    </div>
  );
}
