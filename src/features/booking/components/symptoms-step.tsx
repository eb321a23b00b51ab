import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { button, label as labelClass } from '../../../components/ui.css';
import { useHealthRecordsQuery } from '../../health-records';
import { useDoctorSymptomsQuery, usePastConsultationsQuery } from '../api';
import { formatLocalDate } from '../../../lib/time-zone';
import type { BookingFailure } from '../booking-errors';
import * as css from '../booking.css';
import { failureMessages } from './failure-text';

interface SymptomsStepProps {
  doctorId: number;
  userId: number | string;
  /** The patient booked for: only their records can be shared. */
  patientId: number | null;
  value: number[];
  onChange: (symptoms: number[]) => void;
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
 * Step: at least one symptom the doctor treats (Doctors/SymptomsByDoctor), an optional note,
 * and the health records of the chosen patient to share with the doctor (shown when there are
 * some; only the appointment's doctor side sees them).
 */
export function SymptomsStep(props: SymptomsStepProps) {
  const {
    doctorId,
    userId,
    patientId,
    value,
    onChange,
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
  const needOne = value.length === 0;
  return (
    <div className={css.step}>
      <QueryState
        isLoading={symptoms.isLoading}
        isError={symptoms.isError}
        isEmpty={!symptoms.data?.length}
        onRetry={symptoms.refetch}
        emptyText={t('booking.noSymptoms')}
        skeletons={1}
      >
        <fieldset className={css.fieldset} aria-describedby={`${id}-symptoms-hint`}>
          <legend className={css.legend}>{t('booking.chooseSymptoms')}</legend>
          <p id={`${id}-symptoms-hint`} className={errorText ? css.errorText : css.note}>
            {errorText ?? t('booking.symptomsHint')}
          </p>
          <div className={css.options}>
            {(symptoms.data ?? []).map((symptom, index) => (
              <label key={symptom.symptomId} className={css.choice}>
                <input
                  type="checkbox"
                  className={css.choiceInput}
                  checked={value.includes(symptom.symptomId)}
                  aria-invalid={errorText && index === 0 ? true : undefined}
                  onChange={(event) => onChange(toggle(value, symptom.symptomId, event.target.checked))}
                />
                <span>{symptom.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </QueryState>
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
        <button type="button" className={button.secondary} onClick={onContinue} disabled={needOne}>
          {t('booking.continue')}
        </button>
      </p>
    </div>
  );
}
