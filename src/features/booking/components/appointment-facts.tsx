import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../lib/i18n/format-money';
import { formatZonedDate, formatZonedTime } from '../../../../schemas/time';
import { useZoneLabel } from '../../../tenant/use-booking-rules';
import type { AppointmentDetail } from '../api';
import * as css from '../booking.css';

/** One appointment's facts: number, doctor, patient, kind, date and time, place, queue, price, payment. */
export function AppointmentFacts({ appointment }: { appointment: AppointmentDetail }) {
  const { t, i18n } = useTranslation();
  const zone = appointment.timeZone;
  const zoneLabel = useZoneLabel(zone, new Date(appointment.startsAt));
  const money = (amount: number) => formatVnd(amount, i18n.language);
  const place =
    appointment.serviceTypeId === 0
      ? appointment.hospitalName
      : appointment.serviceTypeId === 2
        ? appointment.addressText
        : t('booking.online');
  const rows: [string, string][] = [
    [t('booking.number'), appointment.appointmentNumber],
    [t('booking.doctor'), [appointment.doctorTitle, appointment.doctorName].filter(Boolean).join(' ')],
    [t('booking.patient'), appointment.patientName],
    [t('booking.steps.service'), t(`serviceType.${appointment.serviceTypeId}`)],
    [
      t('booking.when'),
      `${formatZonedTime(appointment.startsAt, zone)} – ${formatZonedTime(appointment.endsAt, zone)} ${formatZonedDate(appointment.startsAt, zone)}${zoneLabel ? ` (${zoneLabel})` : ''}`,
    ],
  ];
  if (place) rows.push([t('booking.place'), place]);
  if (appointment.serviceTypeId === 0 && appointment.queueNumber !== null)
    rows.push([t('booking.queueNumber'), String(appointment.queueNumber)]);
  rows.push([t('booking.paymentMethod'), t(`booking.paymentMethods.${appointment.paymentMethod}`)]);
  rows.push([t('booking.paymentState'), t(`booking.paymentStatus.${appointment.paymentStatus}`)]);
  return (
    <dl className={css.summary}>
      {rows.map(([term, value]) => (
        <div key={term} className={css.summaryRow}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {appointment.discount > 0 && (
        <div className={css.summaryRow}>
          <dt>{t('booking.discount')}</dt>
          <dd>-{money(appointment.discount)}</dd>
        </div>
      )}
      {appointment.walletAmount > 0 && (
        <div className={css.summaryRow}>
          <dt>{t('booking.walletPaid')}</dt>
          <dd>-{money(appointment.walletAmount)}</dd>
        </div>
      )}
      <div className={css.total}>
        <dt>{t('booking.finalPrice')}</dt>
        <dd>{money(appointment.finalPrice)}</dd>
      </div>
    </dl>
  );
}
