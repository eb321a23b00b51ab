import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { VIEW_TITLE_KEYS, type AuthView } from '../auth-view';
import type { FlowHandlers, SignedInHow } from '../use-apply-login-reply';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { NotActiveStep, StrangeDeviceStep, TwoFactorStep } from './login-steps';
import { OtpLoginForm } from './otp-login-form';
import { PassNewStep } from './pass-new-step';
import { RegisterForm } from './register-form';

interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Called after a successful sign-in (the dialog closes itself through onClose too), with
   * `newAccount` after a sign-up.
   */
  onSignedIn?: (how: SignedInHow) => void;
  /** The view to start on: 'register' for a referral link, else the login form. */
  initialView?: AuthView;
}

/**
 * The sign-in dialog (spec section 2): login, login by code, create account and forgot password,
 * plus the steps a login reply opens. Each view change moves focus to the view's first field.
 */
export function LoginDialog({
  open,
  onClose,
  onSignedIn,
  initialView = { name: 'login' },
}: LoginDialogProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<AuthView>(initialView);
  const body = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  useEffect(() => {
    // The dialog focuses its first field on open; later views are focused here.
    if (first.current) {
      first.current = false;
      return;
    }
    body.current?.querySelector<HTMLElement>('input, select, button[type="submit"]')?.focus();
  }, [view]);

  const flow: FlowHandlers = useMemo(
    () => ({
      go: setView,
      signedIn: (how = {}) => {
        onClose();
        onSignedIn?.(how);
      },
    }),
    [onClose, onSignedIn],
  );

  return (
    <Dialog open={open} title={t(VIEW_TITLE_KEYS[view.name])} onClose={onClose}>
      <div ref={body} key={view.name}>
        {renderView(view, flow)}
      </div>
    </Dialog>
  );
}

function renderView(view: AuthView, flow: FlowHandlers) {
  switch (view.name) {
    case 'login':
      return <LoginForm flow={flow} notice={view.notice} />;
    case 'otp-login':
      return <OtpLoginForm flow={flow} />;
    case 'register':
      return <RegisterForm flow={flow} referralId={view.referralId} />;
    case 'forgot':
      return <ForgotPasswordForm flow={flow} />;
    case 'two-factor':
      return <TwoFactorStep view={view} flow={flow} />;
    case 'strange-device':
      return <StrangeDeviceStep view={view} flow={flow} />;
    case 'not-active':
      return <NotActiveStep view={view} flow={flow} />;
    case 'pass-new':
      return <PassNewStep view={view} flow={flow} />;
  }
}
