import { useTranslation } from 'react-i18next';
import { button } from '../../../components/ui.css';
import { formatZonedDate, formatZonedTime } from '../../../../schemas/time';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { useUserAddressesQuery } from '../../addresses';
import { useBookingHospitalsQuery, useBookingPatientsQuery } from '../api';
import type { BookingFailure } from '../booking-errors';
import type { BookingParams } from '../booking-params';
import * as css from '../booking.css';
import { failureMessages } from './failure-text';
import { PriceLines } from './price-step';
import { FAILURE_ID } from './step-section';
import type { Pricing } from './use-pricing';
import type { PickedSlot } from './slot-picker';

interface ConfirmStepProps {
  doctorId: number;
  doctorName: string;
  params: BookingParams;
  slot: PickedSlot | null;
  pricing: Pricing;
  note: string;
  busy: boolean;
  failure: BookingFailure | null;
}

/**
 * Where the visit takes place, as chosen: the hospital (hospital visit), the address (home
 * visit) or online (video). The lists are the ones the earlier steps already loaded.
 */
function usePlace(doctorId: number, params: BookingParams): string {
  const { t } = useTranslation();
  const hospitals = useBookingHospitalsQuery(doctorId, { skip: params.serviceType !== 0 });
  const userId = useStoredUser()?.userId ?? 0;
  const addresses = useUserAddressesQuery(userId, { skip: params.serviceType !== 2 || !userId });
  if (params.serviceType === 0)
    return hospitals.data?.find((hospital) => hospital.hospitalId === params.hospitalId)?.name ?? '';
  if (params.serviceType === 2)
    return addresses.data?.find((address) => address.addressId === params.addressId)?.text ?? '';
  return params.serviceType === 1 ? t('booking.online') : '';
}

/** Last step: what will be booked (doctor, kind, place, time, patient, note, payment), and the button. */
export function ConfirmStep({
  doctorId,
  doctorName,
  params,
  slot,
  pricing,
  note,
  busy,
  failure,
}: ConfirmStepProps) {
  const { t } = useTranslation();
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone, slot ? new Date(slot.startsAt) : undefined);
  const place = usePlace(doctorId, params);
  const patients = useBookingPatientsQuery();
  const patient = patients.data?.find((p) => p.patientId === params.patientId);
  const rows: [string, string][] = [
    [t('booking.doctor'), doctorName],
    [t('booking.steps.service'), params.serviceType !== null ? t(`serviceType.${params.serviceType}`) : ''],
  ];
  if (place) rows.push([t('booking.place'), place]);
  if (slot) {
    rows.push([
      t('booking.when'),
      `${formatZonedTime(slot.startsAt, timeZone)} ${formatZonedDate(slot.startsAt, timeZone)}${zoneLabel ? ` (${zoneLabel})` : ''}`,
    ]);
  }
  if (patient) rows.push([t('booking.patient'), patient.fullName]);
  if (note.trim()) rows.push([t('booking.noteSummary'), note.trim()]);
  if (params.pay !== null) rows.push([t('booking.steps.payment'), t(`booking.paymentMethods.${params.pay}`)]);
  return (
    <div className={css.step}>
      <dl className={css.summary}>
        {rows.map(([term, value]) => (
          <div key={term} className={css.summaryRow}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {pricing.quote && <PriceLines quote={pricing.quote} />}
      {failure && (
        <div id={FAILURE_ID} className={css.errorBox} role="alert" tabIndex={-1}>
          {failureMessages(t, failure).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <p>
        <button type="submit" className={button.primary} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('booking.booking') : t('booking.confirm')}
        </button>
      </p>
    </div>
  );
}
