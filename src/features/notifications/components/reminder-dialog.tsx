import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import * as ui from '../../../components/ui.css';
import { usePushMessages } from '../../push';
import { useNotificationsQuery, useViewNotificationMutation } from '../api';
import { UNREAD_QUERY } from '../live/use-live-notifications';

export const APPOINTMENTS_PATH = '/me/appointments-list/';

/**
 * The spec's appointment reminder dialog (section 4): shown app-wide to a signed-in user while an
 * unread AppointmentReminder notification exists. "Đến cuộc hẹn" / "Go to appointment" marks it
 * read and opens the appointments list; closing marks it read too, so it does not come back.
 * Mounted lazily by the main layout only for a signed-in user. No polling: the header's bell keeps
 * the unread notifications live from the notification stream, and this dialog reads the same query,
 * so a reminder opens it as soon as it is written.
 */
export function ReminderDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, refetch } = useNotificationsQuery(UNREAD_QUERY);
  const [markRead, { isLoading }] = useViewNotificationMutation();

  // A web push arrived or was clicked (public/firebase-messaging-sw.js): a reminder shows this
  // dialog now, with the push's texts until the list has it; a click on another push opens its
  // page in this tab.
  const [pushed, setPushed] = useState<{
    notificationId: number | null;
    tag: string;
    title: string;
    body: string;
  } | null>(null);
  // Reminders answered here: the same push delivered again (a retry, same tag) does not reopen it.
  const answered = useRef(new Set<string>());
  usePushMessages(({ kind, push }) => {
    if (push.type === 'AppointmentReminder') {
      if (answered.current.has(push.tag)) return;
      setPushed({ notificationId: push.notificationId, tag: push.tag, title: push.title, body: push.body });
      void refetch();
    } else if (kind === 'clicked') navigate(push.url);
  });

  const unread = data?.notifications.find((n) => n.typeNotify === 'AppointmentReminder' && !n.isRead);
  const reminder = unread ?? pushed;
  if (!reminder) return null;

  const read = async () => {
    if (pushed) answered.current.add(pushed.tag);
    setPushed(null);
    if (reminder.notificationId !== null) await markRead(reminder.notificationId);
  };
  const dismiss = () => void read();
  const go = async () => {
    await read();
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
