import { useTranslation } from 'react-i18next';
import type { DoctorDetail } from '../../../../schemas/catalogue';
import type { FeatureKey } from '../../../../schemas/features';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useTenant } from '../../../tenant/tenant-context';
import type { BookingFailure } from '../booking-errors';
import { ChoiceGroup } from './choice-group';
import { failureMessages } from './failure-text';

/** The tenant feature that offers each service type: 0 hospital visit, 1 video, 2 home visit. */
const SERVICE_FEATURE: Record<number, FeatureKey> = { 0: 'hospitalVisit', 1: 'video', 2: 'homeVisit' };

/** The service types both the tenant (its features) and the doctor (a price) offer, in spec order. */
export function useOfferedServiceTypes(doctor: Pick<DoctorDetail, 'prices'> | undefined): number[] {
  const { bundle } = useTenant();
  if (!doctor) return [];
  return [0, 1, 2].filter(
    (type) => bundle.features[SERVICE_FEATURE[type]!] && doctor.prices.some((p) => p.serviceTypeId === type),
  );
}

interface ServiceStepProps {
  doctorId: number;
  types: number[];
  value: number | null;
  error: BookingFailure | null;
  onPick: (type: number, advance: boolean) => void;
  onConfirm: () => void;
  prices?: DoctorDetail['prices'] | undefined;
}

/** Step 1: the kind of consultation, each with the doctor's price. */
export function ServiceStep({ doctorId, types, value, error, onPick, onConfirm, prices }: ServiceStepProps) {
  const { t, i18n } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('booking.chooseService')}
      name={`service-${doctorId}`}
      layout="wide"
      options={types.map((type) => {
        const price = prices?.find((p) => p.serviceTypeId === type);
        return {
          value: type,
          label: t(`serviceType.${type}`),
          ...(price ? { hint: formatVnd(price.price, i18n.language) } : {}),
        };
      })}
      value={value}
      onPick={onPick}
      onConfirm={onConfirm}
      error={error ? failureMessages(t, error).join(' ') : null}
    />
  );
}
