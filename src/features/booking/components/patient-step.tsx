import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../../schemas/patients';
import { QueryState } from '../../../components/query-state';
import { button } from '../../../components/ui.css';
import { keyText } from '../../../lib/reply';
import { useBookingPatientsQuery } from '../api';
import type { BookingFailure } from '../booking-errors';
import * as css from '../booking.css';
import { ChoiceGroup } from './choice-group';
import { failureMessages } from './failure-text';

// The patient form (react-jsonschema-form) loads only when a family member is added or completed.
const PatientFormDialog = lazy(() =>
  import('../../family/form-dialog').then((module) => ({
    default: module.PatientFormDialog,
  })),
);

interface PatientStepProps {
  value: number | null;
  error: BookingFailure | null;
  onPick: (patientId: number, advance: boolean) => void;
  onConfirm: () => void;
}

/**
 * Step: who the appointment is for, the account holder ("myself") or a family member
 * (Patients/GetPatients). A patient missing what booking needs (full name, gender, date of
 * birth) is flagged before confirming, with a way to complete it.
 */
export function PatientStep({ value, error, onPick, onConfirm }: PatientStepProps) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useBookingPatientsQuery();
  const chosen = data?.find((patient) => patient.patientId === value);
  // undefined: closed; null: add a family member; a patient: complete their details.
  const [editing, setEditing] = useState<Patient | null | undefined>(undefined);
  const needsInfo =
    !!chosen && (chosen.missing.length > 0 || !!error?.keys.includes('personal_info_required'));
  return (
    <div className={css.step}>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={!data?.length}
        onRetry={refetch}
        emptyText={t('booking.noPatient')}
        skeletons={1}
      >
        <ChoiceGroup
          legend={t('booking.choosePatient')}
          name="booking-patient"
          layout="wide"
          options={(data ?? []).map((patient) => ({
            value: patient.patientId,
            label: patient.isSelf ? t('booking.myself', { name: patient.fullName }) : patient.fullName,
            ...(patient.relationName ? { hint: patient.relationName } : {}),
          }))}
          value={value}
          onPick={onPick}
          onConfirm={onConfirm}
          error={error ? failureMessages(t, error).join(' ') : null}
        />
      </QueryState>
      {chosen && needsInfo && (
        <p className={css.notice} role="status">
          {chosen.missing.length > 0
            ? t('booking.missingInfo', {
                fields: chosen.missing.map((key) => keyText(t, key) ?? key).join(', '),
              })
            : t('personal_info_required')}{' '}
          <button type="button" className={button.ghost} onClick={() => setEditing(chosen)}>
            {t('booking.completeInfo')}
          </button>
        </p>
      )}
      <p>
        <button type="button" className={button.secondary} onClick={() => setEditing(null)}>
          {t('booking.addFamilyMember')}
        </button>
      </p>
      {editing !== undefined && (
        <Suspense fallback={<p role="status">{t('state.loading')}</p>}>
          <PatientFormDialog
            open
            patient={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(saved) => {
              setEditing(undefined);
              void refetch();
              onPick(saved.patientId, true);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
