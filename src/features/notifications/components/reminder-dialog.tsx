import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import * as ui from '../../../components/ui.css';
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
  const { data } = useNotificationsQuery(UNREAD_QUERY);
  const [markRead, { isLoading }] = useViewNotificationMutation();

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
