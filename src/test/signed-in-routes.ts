import type { FakeRoute } from './fake-api';

/**
 * Fake routes (src/test/fake-api.ts) for the requests a signed-in header makes by itself: the
 * notification bell's unread count and its live stream (opened, left quiet), and the sign-out.
 */
export const signedInRoutes = (): Record<string, FakeRoute> => ({
  'Notifications/GetAllNotifications': {
    data: {
      notifications: [],
      pagination: { pageNumber: 1, pageSize: 15, totalRecords: 0 },
      unreadCount: 0,
    },
  },
  'Notifications/Stream': () =>
    new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }),
  'POST Auth/Logout': {},
});
