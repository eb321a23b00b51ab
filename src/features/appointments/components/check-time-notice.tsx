import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { button } from '../../../components/ui.css';
import { videoCallPath } from '../../video-call';
import { useCheckTimeQuery, type CheckTime } from '../api';
import * as css from '../appointments.css';

/** The message key of a CheckTimeAppointment state (spec sections 4 and 8). */
export const CHECK_TIME_KEYS: Record<CheckTime['state'], string> = {
  ok: 'appointments.callReady',
  not_yet_scheduled: 'not_yet_scheduled',
  appointment_ended: 'appointment_ended',
  time_expired: 'time_expired',
  booking_closed: 'booking_closed',
};

/**
 * Whether a video consultation can be joined now, and the way in when it can. A failed check reads as the spec's quiet
 * marker `appointment_error`, never as a crash.
 */
export function CheckTimeNotice({ appointmentId }: { appointmentId: number }) {
  const { t } = useTranslation();
  // Asked again every half minute, so "Join" appears when the window opens without a reload.
  const { data, isError, isLoading } = useCheckTimeQuery(appointmentId, { pollingInterval: 30_000 });
  if (isLoading) return null;
  const key = isError || !data ? 'appointment_error' : CHECK_TIME_KEYS[data.state];
  return (
    <section className={css.section} aria-labelledby="video-call-title">
      <h2 id="video-call-title" className={css.sectionTitle}>
        {t('appointments.videoCall')}
      </h2>
      <p role="status">{t(key)}</p>
      {data?.state === 'ok' && (
        <Link className={button.primary} to={videoCallPath(appointmentId)}>
          {t('appointments.joinCall')}
        </Link>
      )}
    </section>
  );
}
