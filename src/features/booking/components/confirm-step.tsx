import { useTranslation } from 'react-i18next';
import { button } from '../../../components/ui.css';
import { formatZonedDate, formatZonedTime } from '../../../lib/time-zone';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import type { BookingFailure } from '../booking-errors';
import type { BookingParams } from '../booking-params';
import * as css from '../booking.css';
import { failureMessages } from './failure-text';
import { PriceLines, type Pricing } from './price-step';
import type { PickedSlot } from './slot-picker';

export const FAILURE_ID = 'booking-failure';

interface ConfirmStepProps {
  doctorName: string;
  params: BookingParams;
  slot: PickedSlot | null;
  pricing: Pricing;
  note: string;
  busy: boolean;
  failure: BookingFailure | null;
}

/** Last step: what will be booked, and the button that books it. */
export function ConfirmStep({ doctorName, params, slot, pricing, note, busy, failure }: ConfirmStepProps) {
  const { t } = useTranslation();
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone, slot ? new Date(slot.startsAt) : undefined);
  const rows: [string, string][] = [
    [t('booking.doctor'), doctorName],
    [t('booking.steps.service'), params.serviceType !== null ? t(`serviceType.${params.serviceType}`) : ''],
  ];
  if (slot) {
    rows.push([
      t('booking.when'),
      `${formatZonedTime(slot.startsAt, timeZone)} ${formatZonedDate(slot.startsAt, timeZone)}${zoneLabel ? ` (${zoneLabel})` : ''}`,
    ]);
  }
  if (note.trim()) rows.push([t('booking.note'), note.trim()]);
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
