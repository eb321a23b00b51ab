import { useTranslation } from 'react-i18next';
import type { DoctorCard } from '../../../../schemas/catalogue';
import { muted } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { zoneGmtLabel } from '../../../../schemas/time';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import * as css from '../doctors.css';

/** "Title Full Name", e.g. "BS.CKI Nguyễn Văn An". */
export const doctorName = (doctor: Pick<DoctorCard, 'title' | 'fullName'>) =>
  [doctor.title, doctor.fullName].filter(Boolean).join(' ');

/** The price of each service type the doctor offers. */
export function DoctorPrices({ doctor }: { doctor: Pick<DoctorCard, 'prices'> }) {
  const { t, i18n } = useTranslation();
  if (doctor.prices.length === 0) return null;
  return (
    <dl className={css.prices} aria-label={t('doctor.prices')}>
      {doctor.prices.map((price) => (
        <div key={price.serviceTypeId} className={css.priceRow}>
          <dt>{t(`serviceType.${price.serviceTypeId}`)}</dt>
          <dd className={css.priceValue}>{formatVnd(price.price, i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The next free slot on the hospital's clock, with its offset always written out ("GMT+7"): the
 * server cannot know the visitor's zone, and a label that appeared only after hydration would
 * move the book buttons under the visitor's finger.
 */
export function NextSlot({ slot }: { slot: string | null }) {
  const { t } = useTranslation();
  const clock = useHospitalClock();
  if (!slot) return <p className={muted}>{t('doctor.noSlot')}</p>;
  const offset = zoneGmtLabel(clock.timeZone, new Date(slot));
  return (
    <p className={css.slot}>
      {t('doctor.nextSlot')}: <time dateTime={slot}>{clock.dateTime(slot)}</time> ({offset})
    </p>
  );
}

/** Rating out of 5 with its count. */
export function DoctorRating({ doctor }: { doctor: Pick<DoctorCard, 'rating' | 'ratingCount'> }) {
  const { t } = useTranslation();
  if (!doctor.ratingCount) return <span className={muted}>{t('doctor.noRating')}</span>;
  return (
    <span>
      <span aria-hidden="true">★ </span>
      {t('doctor.rating', { rating: doctor.rating.toFixed(1), count: doctor.ratingCount })}
    </span>
  );
}
