import { useTranslation } from 'react-i18next';
import { useGoSignedIn } from '../../../app/layout/open-login-context';
import { button } from '../../../components/ui.css';
import { bookAppointmentUrl } from '../../../../schemas/paths';
import * as css from '../detail.css';

/**
 * One "book" button per service type the tenant offers and the doctor prices: it opens the
 * booking flow with that service type; a visitor signs in first and lands there.
 */
export function BookButtons({
  doctorId,
  serviceTypes,
  doctorName,
}: {
  doctorId: number;
  serviceTypes: number[];
  doctorName: string;
}) {
  const { t } = useTranslation();
  const goSignedIn = useGoSignedIn();
  if (serviceTypes.length === 0) return null;
  const onBook = (serviceType: number) => goSignedIn(bookAppointmentUrl({ doctorId, serviceType }));
  return (
    <div className={css.bookRow}>
      {serviceTypes.map((type) => (
        <button
          key={type}
          type="button"
          className={button.primary}
          onClick={() => onBook(type)}
          aria-label={t('doctorPage.bookFor', { type: t(`serviceType.${type}`), name: doctorName })}
        >
          {t('doctorPage.book', { type: t(`serviceType.${type}`) })}
        </button>
      ))}
    </div>
  );
}
