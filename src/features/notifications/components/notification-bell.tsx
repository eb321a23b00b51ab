import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotificationsQuery } from '../api';
import { UNREAD_QUERY, useLiveNotifications } from '../live/use-live-notifications';
import * as css from './notification-bell.css';

export const NOTIFICATION_LIST_PATH = '/me/notification-list/';

/**
 * The header's notification link with the unread count (spec section 2, header; section 7,
 * Notifications), kept live by the notification stream. Loaded lazily and only for a signed-in
 * user, so the stream's code never weighs on an anonymous visitor's first page.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  useLiveNotifications();
  const { data } = useNotificationsQuery(UNREAD_QUERY);
  const count = data?.unreadCount ?? 0;
  return (
    <Link
      to={NOTIFICATION_LIST_PATH}
      className={css.bell}
      aria-label={t('notifications.bellLabel', { count })}
      data-unread={count}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        className={css.icon}
      >
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count > 0 && (
        <span className={css.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

export default NotificationBell;
