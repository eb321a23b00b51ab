import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import * as ui from '../../../components/ui.css';
import { usePushMessages } from '../../push';
import { useNotificationsQuery, useViewNotificationMutation } from '../api';

/** Polls every minute while signed in (and on focus), as the spec's push would arrive. */
export const REMINDER_POLL_MS = 60_000;
export const APPOINTMENTS_PATH = '/me/appointments-list/';

/**
 * The spec's appointment reminder dialog (section 4): shown app-wide to a signed-in user while an
 * unread AppointmentReminder notification exists. "Đến cuộc hẹn" / "Go to appointment" marks it
 * read and opens the appointments list; closing marks it read too, so it does not come back.
 * Mounted lazily by the main layout only for a signed-in user.
 */
export function ReminderDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, refetch } = useNotificationsQuery(
    { pageNumber: 1, pageSize: 15, unreadOnly: true },
    { pollingInterval: REMINDER_POLL_MS, skipPollingIfUnfocused: true },
  );
  const [markRead, { isLoading }] = useViewNotificationMutation();

  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  // A web push arrived or was clicked (public/firebase-messaging-sw.js): a reminder shows this
  // dialog now; a click on another push opens its page in this tab.
  usePushMessages(({ kind, push }) => {
    if (push.type === 'AppointmentReminder') void refetch();
    else if (kind === 'clicked') navigate(push.url);
  });

  const reminder = data?.notifications.find((n) => n.typeNotify === 'AppointmentReminder' && !n.isRead);
  if (!reminder) return null;

  const dismiss = () => void markRead(reminder.notificationId);
  const go = async () => {
    await markRead(reminder.notificationId);
    navigate(APPOINTMENTS_PATH);
  };
  return (
    <Dialog open title={t('notifications.reminderTitle')} onClose={dismiss}>
      <p>
        <strong>{reminder.title}</strong>
      </p>
      <p>{reminder.body}</p>
      <button type="button" className={ui.button.primary} onClick={() => void go()} disabled={isLoading}>
        {t('notifications.goToAppointment')}
      </button>
    </Dialog>
  );
}

export default ReminderDialog;
