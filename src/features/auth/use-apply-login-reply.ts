import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceId } from '../../lib/device-id';
import { keyText } from '../../lib/reply';
import { showToast } from '../../lib/toast/toast-store';
import { saveUser } from '../../lib/user-storage';
import { usePushAfterSignIn } from '../push';
import type { LoginData, Reply } from './api';
import type { AuthView, LoginName } from './auth-view';
import { loginOutcome } from './login-outcome';

/** How the sign-in ended: `newAccount` when the account was just created (sign-up). */
export interface SignedInHow {
  newAccount?: boolean;
}

/** How a dialog view reports back: switch view, or finish with a signed-in user. */
export interface FlowHandlers {
  go: (view: AuthView) => void;
  signedIn: (how?: SignedInHow) => void;
}

/**
 * Applies a login-like reply (Login, LoginWithOTP, VerifyOTPTwo2NF, VerifyOTPReliableDevice,
 * ChangePasswordNew, VerifyCreateUserWithOTP): stores the user and welcomes them, opens the step
 * the reply asks for, or shows the failure. `password` is only needed for the PassNew step.
 * Returns the message key of a refused code (shown under the code field), else null.
 *
 * A reply that arrives after its view was left (the user chose forgot password or closed the
 * dialog while the request was in flight) is dropped: it must not pull the user back.
 */
export function useApplyLoginReply({ go, signedIn }: FlowHandlers) {
  const { t } = useTranslation();
  const pushAfterSignIn = usePushAfterSignIn();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return (reply: Reply<LoginData> | null, name: LoginName, password = ''): string | null => {
    if (!mounted.current) return null;
    const outcome = loginOutcome(reply);
    switch (outcome.kind) {
      case 'signed-in':
        // `cookie` is the device id in the stored user of spec section 3; the server does not send it.
        saveUser({ ...outcome.user, cookie: outcome.user.cookie ?? deviceId() });
        showToast(t('user_signin_success'), 'success');
        pushAfterSignIn();
        signedIn();
        return null;
      case 'two-factor':
        go({
          name: 'two-factor',
          ...name,
          tokenTwo2NFLogin: outcome.tokenTwo2NFLogin,
          two2NFType: outcome.two2NFType,
        });
        return null;
      case 'strange-device':
        showToast(outcome.message || t('otp_send_msg'), 'info');
        go({ name: 'strange-device', ...name });
        return null;
      case 'not-active':
        showToast(t(outcome.messageKey), 'info');
        go({ name: 'not-active', ...name, userId: outcome.userId });
        return null;
      case 'pass-new':
        go({ name: 'pass-new', ...name, currentPassword: password });
        return null;
      case 'failed': {
        // A wrong code stays under the code field; other refusals are toasts.
        if (outcome.messageKey === null && reply?.codeMessageRespond === 'enter_valid_OTP')
          return 'enter_valid_OTP';
        const text =
          (outcome.messageKey && t(outcome.messageKey)) ||
          keyText(t, reply?.codeMessageRespond) ||
          outcome.message;
        showToast(text || t('something_went_wrong'), 'error');
        if (outcome.offerForgot) go({ name: 'login', notice: 'auth.lockedUseForgot' });
        return null;
      }
    }
  };
}
