import { useTranslation } from 'react-i18next';
import { paymentStatusKey, paymentTone, statusKey, statusTone, type StatusSource } from '../labels';
import { visuallyHidden } from '../../../components/ui.css';
import * as css from '../appointments.css';

/** The appointment's status and payment status, as text badges. */
export function StatusBadges({ appointment }: { appointment: StatusSource & { paymentStatus: number } }) {
  const { t } = useTranslation();
  return (
    <p className={css.badges}>
      <span className={css.badge[statusTone(appointment.status)]}>
        <span className={visuallyHidden}>{t('appointments.statusLabel')}: </span>
        {t(statusKey(appointment))}
      </span>
      <span className={css.badge[paymentTone(appointment.paymentStatus)]}>
        {t('appointments.paymentLabel')}: {t(paymentStatusKey(appointment.paymentStatus))}
      </span>
    </p>
  );
}
