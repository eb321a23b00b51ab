import { useEffect, useId, useRef, useState } from 'react';
import { button, card } from '../../../components/ui.css';
import { useIsClient } from '../../../lib/hooks/use-is-client';
import { useNamespace } from '../../../lib/i18n/namespace';
import { showToast } from '../../../lib/toast/toast-store';
import { useEnablePush } from '../../push';
import { permissionsNs } from '../i18n/namespace';
import {
  dismissNotificationPrompt,
  notificationPromptDismissed,
  notificationState,
  requestNotificationPermission,
  type NotificationState,
} from '../notification-permission';
import * as css from '../permissions.css';
import { PermissionHelp } from './permission-help';

// The card's buttons vanish with it: focus goes to the page, not to the document's start.
const focusPage = () => document.querySelector<HTMLElement>('main')?.focus();

/**
 * Asks for notification permission after a booking, inline on Appointment Confirmed (spec
 * section 4, asked at the moment it is useful and saying why, not as a prompt on load). The
 * browser is asked only when the button is pressed. Hidden without the Notification API, once
 * granted, or after "Not now" on this device. A refusal, now or earlier, opens the permission
 * help dialog with the browser's steps. Once allowed (now, or before this booking), this browser
 * is subscribed to web push for the signed-in user (features/push), so reminders reach it.
 */
export function NotificationPermissionCard() {
  const { t, ready } = useNamespace(permissionsNs);
  const isClient = useIsClient();
  const titleId = useId();
  const [state, setState] = useState<NotificationState>(notificationState);
  const [dismissed, setDismissed] = useState(notificationPromptDismissed);
  const asking = useRef(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const enablePush = useEnablePush();

  // Allowed before this booking (another visit, another account on this browser): make sure the
  // subscription is this account's on this device. Quietly: nothing is asked or shown.
  const grantedAtFirst = useRef(state === 'granted');
  useEffect(() => {
    if (isClient && grantedAtFirst.current) void enablePush();
  }, [isClient, enablePush]);

  if (!isClient || !ready || dismissed || state === 'unsupported' || state === 'granted') return null;

  const ask = async () => {
    // Not `disabled` while the browser asks: a disabled button drops the focus the dialog returns to.
    if (asking.current) return;
    asking.current = true;
    const answer = await requestNotificationPermission();
    asking.current = false;
    setState(answer);
    if (answer === 'granted') {
      showToast(t('notify.granted'), 'success');
      focusPage();
      void enablePush();
    } else if (answer === 'denied') setHelpOpen(true);
  };

  const dismiss = () => {
    dismissNotificationPrompt();
    setDismissed(true);
    focusPage();
  };

  const blocked = state === 'denied';
  return (
    <section className={`${card} ${css.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={css.title}>
        {t('notify.title')}
      </h2>
      <p className={css.text}>{blocked ? t('notify.blocked') : t('notify.why')}</p>
      <div className={css.actions}>
        <button
          type="button"
          className={button.primary}
          onClick={blocked ? () => setHelpOpen(true) : () => void ask()}
        >
          {blocked ? t('notify.howTo') : t('notify.allow')}
        </button>
        <button type="button" className={button.secondary} onClick={dismiss}>
          {t('notify.notNow')}
        </button>
      </div>
      <PermissionHelp open={helpOpen} permission="notifications" onClose={() => setHelpOpen(false)} />
    </section>
  );
}
