import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import { button } from '../../../components/ui.css';
import { bookAppointmentUrl } from '../../../config/paths';
import { useStoredUser } from '../../../lib/use-stored-user';
import { isSignedIn } from '../../../lib/user-storage';
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
  const navigate = useNavigate();
  const user = useStoredUser();
  const openLogin = useOpenLogin();
  if (serviceTypes.length === 0) return null;
  const onBook = (serviceType: number) => {
    const url = bookAppointmentUrl({ doctorId, serviceType });
    if (isSignedIn(user)) navigate(url);
    else openLogin(url);
  };
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
