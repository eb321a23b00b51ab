import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { AddressPicker, useUserAddressesQuery } from '../../addresses';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useBookingHospitalsQuery } from '../api';
import type { BookingFailure } from '../booking-errors';
import * as css from '../booking.css';
import { ChoiceGroup, usePickIntent } from './choice-group';
import { failureMessages } from './failure-text';

interface PlaceProps {
  value: number | null;
  error: BookingFailure | null;
  onPick: (id: number, advance: boolean) => void;
  onConfirm: () => void;
}

/**
 * Hospital visit: where the doctor sees patients (Doctors/GetDoctorHospitals). A doctor at one
 * hospital has it chosen already (nothing to choose); focus stays where it is.
 */
export function HospitalStep({
  doctorId,
  value,
  error,
  onPick,
  onConfirm,
}: PlaceProps & { doctorId: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useBookingHospitalsQuery(doctorId);
  const only = data?.length === 1 ? data[0]!.hospitalId : null;
  useEffect(() => {
    if (value === null && only !== null) onPick(only, false);
  }, [value, only, onPick]);
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
 * Home visit: one of the account's addresses, or a new one added in place (the addresses
 * feature's AddressPicker). A pick by click or Space moves on; arrowing through the list does not.
 * An account with a single address has it chosen already; with several, the visitor chooses.
 */
export function AddressStep({ value, error, onPick, onConfirm }: PlaceProps) {
  const { t } = useTranslation();
  const intent = usePickIntent(onConfirm);
  const userId = useStoredUser()?.userId ?? 0;
  const addresses = useUserAddressesQuery(userId, { skip: !userId });
  const only = addresses.data?.length === 1 ? addresses.data[0]!.addressId : null;
  useEffect(() => {
    if (value === null && only !== null) onPick(only, false);
  }, [value, only, onPick]);
  return (
    <div className={css.step} onKeyDown={intent.onKeyDown} onPointerDown={intent.onPointerDown}>
      <AddressPicker
        name="booking-address"
        legend={t('booking.chooseAddress')}
        value={value}
        autoSelect={false}
        onChange={(addressId) => onPick(addressId, intent.takeAdvance())}
        error={error ? failureMessages(t, error).join(' ') : null}
      />
    </div>
  );
}
