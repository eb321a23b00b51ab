import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import * as css from './layout.css';
import { OpenLoginContext } from './open-login-context';
import { MAIN_ID, SkipLink } from './skip-link';
import { useLoginDialog } from './use-login-dialog';
import { useStoredUser } from '../../lib/use-stored-user';

// The sign-in dialog's code loads on first use, not with every page.
const LoginDialog = lazy(() =>
  import('../../features/auth/components/login-dialog').then((module) => ({ default: module.LoginDialog })),
);

// The appointment reminder dialog (and its polling) loads only for a signed-in user.
const ReminderDialog = lazy(() => import('../../features/notifications/components/reminder-dialog'));

/**
 * After a navigation, a new page starts at the top (back and forward keep the browser's own
 * scroll position) and focus moves to the page content, so screen readers start reading there
 * instead of staying on a link that may be gone.
 */
function useResetOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
}

/** The site chrome (spec section 2, "Shell"): header, page (with its breadcrumb bar), footer. */
export function MainLayout() {
  const login = useLoginDialog();
  const user = useStoredUser();
  useResetOnNavigate();
  return (
    <OpenLoginContext.Provider value={login.open}>
      <SkipLink />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className={css.main}>
        <Outlet />
      </main>
      <Footer />
      {user && (
        <Suspense fallback={null}>
          <ReminderDialog />
        </Suspense>
      )}
      {login.request && (
        <Suspense fallback={null}>
          <LoginDialog
            open
            onClose={login.close}
            onSignedIn={login.signedIn}
            {...(login.request.referralId
              ? { initialView: { name: 'register', referralId: login.request.referralId } }
              : {})}
          />
        </Suspense>
      )}
    </OpenLoginContext.Provider>
  );
}

/** Pages embedded in the mobile apps: no header, footer or breadcrumbs. */
export function BareLayout() {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={css.main}>
      <Outlet />
    </main>
  );
}
