import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as ui from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav, accountLayout } from '../../account';
import { useDeleteNotificationMutation, useNotificationsQuery, useViewNotificationMutation } from '../api';

const PAGE_SIZE = 15;

/**
 * /me/notification-list/: the user's notifications, newest first; mark read, delete. Times are on
 * the hospital's clock (tenant booking.timeZone), as every appointment time the patient reads.
 */
export function Component() {
  const { t } = useTranslation();
  const clock = useHospitalClock();
  useDocumentTitle(t('account.notifications'));
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isLoading, isError, refetch } = useNotificationsQuery({ pageNumber, pageSize: PAGE_SIZE });
  const [markRead] = useViewNotificationMutation();
  const [remove] = useDeleteNotificationMutation();
  const total = data?.pagination.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className={`${ui.page} ${accountLayout}`}>
      <AccountNav />
      <section aria-labelledby="notifications-title">
        <h1 id="notifications-title">{t('account.notifications')}</h1>
        {data && <p className={ui.muted}>{t('notifications.unread', { count: data.unreadCount })}</p>}
        {isLoading && <p role="status">{t('notifications.loading')}</p>}
        {isError && (
          <p role="alert">
            {t('notifications.loadFailed')}{' '}
            <button type="button" className={ui.button.ghost} onClick={() => void refetch()}>
              {t('notifications.retry')}
            </button>
          </p>
        )}
        {data && data.notifications.length === 0 && <p>{t('notifications.empty')}</p>}
        <ul aria-label={t('account.notifications')} style={{ listStyle: 'none', padding: 0 }}>
          {data?.notifications.map((n) => (
            <li key={n.notificationId} className={ui.card}>
              <h2 style={{ fontSize: '1rem', margin: 0 }}>
                {!n.isRead && <span className={ui.visuallyHidden}>{t('notifications.unreadMark')} </span>}
                {n.isRead ? n.title : <strong>{n.title}</strong>}
              </h2>
              <p>{n.body}</p>
              <p className={ui.muted}>
                <time dateTime={n.createdAt}>{clock.dateTime(n.createdAt)}</time>
              </p>
              {!n.isRead && (
                <button
                  type="button"
                  className={ui.button.secondary}
                  onClick={() => void markRead(n.notificationId)}
                >
                  {t('notifications.markRead')}
                </button>
              )}{' '}
              <button
                type="button"
                className={ui.button.ghost}
                onClick={() => void remove(n.notificationId)}
                aria-label={`${t('notifications.delete')}: ${n.title}`}
              >
                {t('notifications.delete')}
              </button>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label={t('notifications.pages')}>
            <button
              type="button"
              className={ui.button.ghost}
              disabled={pageNumber <= 1}
              onClick={() => setPageNumber((p) => p - 1)}
            >
              {t('notifications.previous')}
            </button>{' '}
            <span>{t('notifications.pageOf', { page: pageNumber, pages })}</span>{' '}
            <button
              type="button"
              className={ui.button.ghost}
              disabled={pageNumber >= pages}
              onClick={() => setPageNumber((p) => p + 1)}
            >
              {t('notifications.next')}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
