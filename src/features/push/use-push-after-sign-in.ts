import { useCallback } from 'react';
import { useRegisterPushSubscriptionMutation } from './api';
import { storedPushToken } from './push-token';

/**
 * After any completed sign-in (a second factor, a new device's code, a new account included, whose
 * final request carries no deviceTokenWeb): this browser's push token, when it has one and still may
 * show notifications, is registered for the account now signed in. A refusal (a tenant without
 * push, a token of another provider) changes nothing: the person can turn notifications on again.
 */
export function usePushAfterSignIn(): () => void {
  const [register] = useRegisterPushSubscriptionMutation();
  return useCallback(() => {
    const token = storedPushToken();
    const allowed = typeof Notification !== 'undefined' && Notification.permission === 'granted';
    if (token && allowed) void register(token);
  }, [register]);
}
