import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AppointmentSummary } from '../../../../schemas/appointments';
import { RemoteImage } from '../../../components/remote-image';
import { button, card, muted } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { doctorLabel } from '../labels';
import { appointmentPath } from '../links';
import * as css from '../appointments.css';
import { AppointmentActions } from './appointment-actions';
import { AppointmentTime } from './appointment-time';
import { StatusBadges } from './status-badges';

/** Service type, date and time, place, queue number and price of an appointment. */
export function AppointmentFacts({ appointment: a }: { appointment: AppointmentSummary }) {
  const { t, i18n } = useTranslation();
  const place = a.hospitalName ?? a.addressText;
  return (
    <dl className={css.facts}>
      <dt>{t('appointments.number')}</dt>
      <dd>{a.appointmentNumber}</dd>
      <dt>{t('appointments.patient')}</dt>
      <dd>{a.patientName}</dd>
      <dt>{t('appointments.serviceType')}</dt>
      <dd>{t(`appointments.serviceTypes.${a.serviceTypeId}`)}</dd>
      <dt>{t('appointments.dateTime')}</dt>
      <dd>
        <AppointmentTime startsAt={a.startsAt} endsAt={a.endsAt} timeZone={a.timeZone} />
      </dd>
      {place && (
        <>
          <dt>{t(a.hospitalName ? 'appointments.hospital' : 'appointments.address')}</dt>
          <dd>{place}</dd>
        </>
      )}
      {a.queueNumber !== null && (
        <>
          <dt>{t('appointments.queueNumber')}</dt>
          <dd>{a.queueNumber}</dd>
        </>
      )}
      <dt>{t('appointments.price')}</dt>
      <dd>{formatVnd(a.finalPrice, i18n.language)}</dd>
    </dl>
  );
}

/** The doctor (photo, title, name, speciality) heading an appointment. */
export function DoctorHead({
  appointment: a,
  level = 2,
}: {
  appointment: AppointmentSummary;
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={css.cardHead}>
      <RemoteImage className={css.photo} src={a.doctorPhoto} alt="" width={64} height={64} loading="lazy" />
      <div className={css.who}>
        <Heading className={css.doctorName}>{doctorLabel(a)}</Heading>
        <p className={muted}>{a.specialityName || t('appointments.generalPractitioner')}</p>
        <StatusBadges appointment={a} />
      </div>
    </div>
  );
}

/** One appointment of the list, with its actions. */
export function AppointmentCard({ appointment }: { appointment: AppointmentSummary }) {
  const { t } = useTranslation();
  return (
    <article
      className={card}
      aria-label={t('appointments.cardLabel', { number: appointment.appointmentNumber })}
    >
      <DoctorHead appointment={appointment} />
      <AppointmentFacts appointment={appointment} />
      <div className={css.actions}>
        <Link className={button.secondary} to={appointmentPath(appointment.appointmentId)}>
          {t('appointments.viewDetail')}
        </Link>
        <AppointmentActions appointment={appointment} />
      </div>
    </article>
  );
}
