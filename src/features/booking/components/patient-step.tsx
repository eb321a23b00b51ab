import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { button } from '../../../components/ui.css';
import { keyText } from '../../../lib/reply';
import { useBookingPatientsQuery } from '../api';
import type { BookingFailure } from '../booking-errors';
import * as css from '../booking.css';
import { ChoiceGroup } from './choice-group';
import { failureMessages } from './failure-text';

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
      {chosen && chosen.missing.length > 0 && (
        <p className={css.notice} role="status">
          {t('booking.missingInfo', {
            fields: chosen.missing.map((key) => keyText(t, key) ?? key).join(', '),
          })}{' '}
          <Link to="/me/family-member">{t('booking.completeInfo')}</Link>
        </p>
      )}
      <p>
        <Link className={button.secondary} to="/me/family-member">
          {t('booking.addFamilyMember')}
        </Link>
      </p>
    </div>
  );
}
