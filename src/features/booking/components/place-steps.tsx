import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { button } from '../../../components/ui.css';
import { useBookingAddressesQuery, useBookingHospitalsQuery } from '../api';
import type { BookingFailure } from '../booking-errors';
import * as css from '../booking.css';
import { ChoiceGroup } from './choice-group';
import { failureMessages } from './failure-text';

interface PlaceProps {
  value: number | null;
  error: BookingFailure | null;
  onPick: (id: number, advance: boolean) => void;
  onConfirm: () => void;
}

/** Hospital visit: where the doctor sees patients (Doctors/GetDoctorHospitals). */
export function HospitalStep({
  doctorId,
  value,
  error,
  onPick,
  onConfirm,
}: PlaceProps & { doctorId: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useBookingHospitalsQuery(doctorId);
  return (
    <QueryState
      isLoading={isLoading}
      isError={isError}
      isEmpty={!data?.length}
      onRetry={refetch}
      emptyText={t('booking.noHospital')}
      skeletons={1}
    >
      <ChoiceGroup
        legend={t('booking.chooseHospital')}
        name={`hospital-${doctorId}`}
        layout="wide"
        options={(data ?? []).map((hospital) => ({
          value: hospital.hospitalId,
          label: hospital.name,
          hint: hospital.address,
        }))}
        value={value}
        onPick={onPick}
        onConfirm={onConfirm}
        error={error ? failureMessages(t, error).join(' ') : null}
      />
    </QueryState>
  );
}

/**
 * Home visit: one of the account's addresses (Users/GetUserAddresses). New addresses are added
 * on the address page; the flow's state is in the URL, so coming back resumes here.
 */
export function AddressStep({
  userId,
  value,
  error,
  onPick,
  onConfirm,
}: PlaceProps & { userId: number | string }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useBookingAddressesQuery(userId);
  return (
    <div className={css.step}>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={!data?.length}
        onRetry={refetch}
        emptyText={t('booking.noAddress')}
        skeletons={1}
      >
        <ChoiceGroup
          legend={t('booking.chooseAddress')}
          name="booking-address"
          layout="wide"
          options={(data ?? []).map((address) => ({
            value: address.addressId,
            label: address.text || address.addressLine,
            ...(address.fullName
              ? { hint: [address.fullName, address.phone].filter(Boolean).join(' · ') }
              : {}),
          }))}
          value={value}
          onPick={onPick}
          onConfirm={onConfirm}
          error={error ? failureMessages(t, error).join(' ') : null}
        />
      </QueryState>
      <p>
        <Link className={button.secondary} to="/me/manage-address/">
          {t('booking.addAddress')}
        </Link>
      </p>
    </div>
  );
}
