import { useTranslation } from 'react-i18next';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import { button } from '../../../components/ui.css';
import { showToast } from '../../../lib/toast/toast-store';
import { useStoredUser } from '../../../lib/use-stored-user';
import { isSignedIn } from '../../../lib/user-storage';
import * as css from '../detail.css';

/**
 * One "book" button per service type the tenant offers and the doctor prices. Booking itself is
 * a later issue: a visitor is asked to sign in first, a signed-in user is told it comes soon.
 */
export function BookButtons({ serviceTypes, doctorName }: { serviceTypes: number[]; doctorName: string }) {
  const { t } = useTranslation();
  const user = useStoredUser();
  const openLogin = useOpenLogin();
  if (serviceTypes.length === 0) return null;
  const onBook = () => (isSignedIn(user) ? showToast(t('doctorPage.bookingSoon')) : openLogin());
  return (
    <div className={css.bookRow}>
      {serviceTypes.map((type) => (
        <button
          key={type}
          type="button"
          className={button.primary}
          onClick={onBook}
          aria-label={t('doctorPage.bookFor', { type: t(`serviceType.${type}`), name: doctorName })}
        >
          {t('doctorPage.book', { type: t(`serviceType.${type}`) })}
        </button>
      ))}
    </div>
  );
}
