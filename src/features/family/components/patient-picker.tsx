import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../../schemas/patients';
import { QueryState } from '../../../components/query-state';
import { button } from '../../../components/ui.css';
import { usePatientsQuery } from '../api';
import * as css from '../family.css';
import { ageText } from '../patient-form-spec';
import { PatientFormDialog } from './patient-form-dialog';

export interface PatientPickerProps {
  /** The chosen patient's id, or null when none is chosen yet. */
  value: number | null;
  /** A patient was chosen: by the user, after adding a family member, or after filling in missing info. */
  onChange: (patientId: number, patient: Patient) => void;
  /** An error text to show under the list (e.g. the translated 'select_patient'). */
  error?: string | null;
  /** The group's legend (default: "Who is the appointment for?"). */
  legend?: string;
  /** The radio group's name, unique on the page (default 'patientId'). */
  name?: string;
  /** Choose "myself" when nothing is chosen yet and the list has loaded (default true). */
  autoSelect?: boolean;
}

/**
 * Who an appointment is for: a radio list of myself and the family members. "Add family member"
 * opens the patient form in place and chooses the new one; a person whose personal info booking
 * needs (full name, gender, date of birth) is incomplete shows what is missing and a button that
 * opens the form in place to fill it in ("Personal info must be updated before scheduling").
 */
export function PatientPicker({
  value,
  onChange,
  error,
  legend,
  name = 'patientId',
  autoSelect = true,
}: PatientPickerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const patients = usePatientsQuery();
  const [editing, setEditing] = useState<Patient | null | undefined>(undefined);
  const list = patients.data ?? [];

  useEffect(() => {
    if (!autoSelect || value !== null) return;
    const self = patients.data?.find((p) => p.isSelf);
    if (self) onChange(self.patientId, self);
  }, [autoSelect, value, patients.data, onChange]);

  const missingText = (patient: Patient) =>
    patient.missing
      .map((key) => t(`family.missing.${key}`, { defaultValue: t(`formErrors.${key}`) }))
      .join(', ');

  return (
    <fieldset className={css.picker} aria-describedby={error ? errorId : undefined}>
      <legend className={css.legend}>{legend ?? t('family.pickerLegend')}</legend>
      <QueryState
        isLoading={patients.isLoading}
        isError={patients.isError}
        isEmpty={false}
        onRetry={patients.refetch}
        skeletons={2}
      >
        <ul className={css.list}>
          {list.map((patient) => {
            const inputId = `${name}-${patient.patientId}`;
            const details = [
              patient.isSelf ? t('family.myself') : patient.relationName,
              ageText(t, patient.age),
            ].filter(Boolean);
            return (
              <li key={patient.patientId} className={css.option}>
                <input
                  type="radio"
                  id={inputId}
                  name={name}
                  value={patient.patientId}
                  checked={value === patient.patientId}
                  onChange={() => onChange(patient.patientId, patient)}
                />
                <div className={css.optionText}>
                  <label htmlFor={inputId}>
                    <strong>{patient.fullName || t('family.noName')}</strong>
                    {details.length > 0 && (
                      <>
                        {' '}
                        <span>· {details.join(' · ')}</span>
                      </>
                    )}
                  </label>
                  {patient.missing.length > 0 && (
                    <>
                      <p className={css.warning}>
                        {t('family.missingInfo', { fields: missingText(patient) })}
                      </p>
                      <button type="button" className={css.linkButton} onClick={() => setEditing(patient)}>
                        {t('family.completeInfo', { name: patient.fullName || t('family.myself') })}
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </QueryState>
      {error && (
        <p id={errorId} role="alert" className={css.error}>
          {error}
        </p>
      )}
      <button type="button" className={button.secondary} onClick={() => setEditing(null)}>
        {t('family.add')}
      </button>
      <PatientFormDialog
        open={editing !== undefined}
        patient={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          onChange(saved.patientId, saved);
        }}
      />
    </fieldset>
  );
}
