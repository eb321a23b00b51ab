import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../schemas/paths';
import { useStoredUser } from '../../lib/use-stored-user';
import { isCareUser, isSignedIn } from '../../lib/user-storage';
import { useTenant, useTenantName } from '../../tenant/tenant-context';
import * as css from './header.css';
import { HeaderNav } from './header-nav';
import { LanguageSelect } from './language-select';
import { useOpenLogin } from './open-login-context';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

// The unread count and the live notification stream load only for a signed-in user.
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell'));

/** The site header: logo, search, language, sign-in or account menu, and navigation. */
export function Header() {
  const { t } = useTranslation();
  const { bundle } = useTenant();
  const tenantName = useTenantName();
  const user = useStoredUser();
  const openLogin = useOpenLogin();
  return (
    <header className={css.header}>
      <div className={css.top}>
        <Link to={paths.home} className={css.logo}>
          <img src={bundle.companyInfo.logo} alt={tenantName} height={40} />
        </Link>
        <SearchBox />
        <div className={css.actions}>
          <LanguageSelect />
          {/* Doctors and hospital staff reach their workspace; patients get no care link. */}
          {isCareUser(user) && (
            <Link to={paths.care} className={css.headerButton}>
              {t('header.workspace')}
            </Link>
          )}
          {isSignedIn(user) ? (
            <>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <UserMenu user={user} />
            </>
          ) : (
            <>
              {/* Spec section 6: "my appointments" asks anonymous visitors to sign in first. */}
              <button
                type="button"
                className={css.headerButton}
                onClick={() => openLogin(paths.appointments)}
              >
                {t('auth.myAppointments')}
              </button>
              <button type="button" className={css.headerButton} onClick={() => openLogin()}>
                {t('header.signIn')}
              </button>
            </>
          )}
        </div>
      </div>
      <HeaderNav user={user} />
    </header>
  );
}
