import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { NOTIFICATION_STREAM_PATH, type UnreadCountEvent } from '../../../../schemas/notification-stream';
import type { AppDispatch } from '../../../app/store';
import { openEventStream } from '../../../lib/event-stream';
import { notificationsApi } from '../api';

/**
 * The query the header's count and the reminder dialog share (one cache entry, one request): the
 * first page of unread notifications, with the unread count.
 */
export const UNREAD_QUERY = { pageNumber: 1, pageSize: 15, unreadOnly: true } as const;

/**
 * Keeps the signed-in user's notifications live from GET /Notifications/Stream instead of polling:
 * the unread count is set from the stream at once, and every cached notification query (the
 * header's, the reminder dialog's, the list page's) refetches when a notification arrives or the
 * count changed elsewhere (read on another device). After a reconnection everything refetches
 * once, since events may have been missed while the stream was down. Mount it once (the header's
 * bell does).
 */
export function useLiveNotifications(): void {
  const dispatch = useDispatch<AppDispatch>();
  useEffect(() => {
    let opened = false;
    let lastUnread: number | null = null;
    let arrived = false;
    const refresh = () => dispatch(notificationsApi.util.invalidateTags(['Notifications']));
    const setUnread = (count: number) =>
      dispatch(
        notificationsApi.util.updateQueryData('notifications', UNREAD_QUERY, (draft) => {
          draft.unreadCount = count;
        }),
      );
    return openEventStream(NOTIFICATION_STREAM_PATH, {
      event(name, data) {
        if (name === 'notification') {
          arrived = true;
          return;
        }
        if (name !== 'ready' && name !== 'unread') return;
        const { unreadCount } = JSON.parse(data) as UnreadCountEvent;
        setUnread(unreadCount);
        // The first 'ready' matches what the page just loaded; a later one follows a reconnection.
        const stale = name === 'ready' ? opened : arrived || unreadCount !== lastUnread;
        if (stale) refresh();
        opened = true;
        arrived = false;
        lastUnread = unreadCount;
      },
      lost: () => undefined,
      // A request through the normal layer renews an expired access token (the stream ends with it).
      renewSession: async () => {
        await dispatch(
          notificationsApi.endpoints.notifications.initiate(UNREAD_QUERY, {
            forceRefetch: true,
            subscribe: false,
          }),
        );
      },
    });
  }, [dispatch]);
}
