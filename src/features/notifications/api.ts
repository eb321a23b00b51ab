import type { NotificationPreferences, NotificationPreferencesBody } from '../../../schemas/notifications';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

/** An in-app notification (server/modules/notifications/routes.ts). */
export interface AppNotification {
  notificationId: number;
  /** The spec's TypeNotify: 'AppointmentReminder' opens the reminder dialog. */
  typeNotify: string;
  title: string;
  body: string;
  keysandvalues: string;
  appointmentId: number | null;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  notifications: AppNotification[];
  pagination: { pageNumber: number; pageSize: number; totalRecords: number };
  unreadCount: number;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Notifications', 'NotificationPreferences'] });

/** Notifications/* of the signed-in user. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<
      NotificationPage,
      { pageNumber?: number; pageSize?: number; unreadOnly?: boolean }
    >({
      query: ({ pageNumber = 1, pageSize = 15, unreadOnly = false }) => ({
        url: 'Notifications/GetAllNotifications',
        params: { PageNumber: pageNumber, PageSize: pageSize, ...(unreadOnly ? { unreadOnly: true } : {}) },
      }),
      transformResponse: unwrap<NotificationPage>,
      providesTags: ['Notifications'],
    }),
    viewNotification: build.mutation<AppNotification, number>({
      query: (notificationId) => ({ url: 'Notifications/ViewNotification', params: { notificationId } }),
      transformResponse: unwrap<AppNotification>,
      invalidatesTags: ['Notifications'],
    }),
    deleteNotification: build.mutation<unknown, number>({
      query: (id) => ({ url: 'Notifications/DeleteNotification', method: 'DELETE', params: { id } }),
      invalidatesTags: ['Notifications'],
    }),
    /** Message preferences (schemas/notifications.ts): channels per category, quiet hours. */
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => 'Notifications/GetNotificationPreferences',
      transformResponse: unwrap<NotificationPreferences>,
      providesTags: ['NotificationPreferences'],
    }),
    // The reply is read whole: the form shows the refusal's own text.
    updateNotificationPreferences: build.mutation<
      Reply<NotificationPreferences>,
      NotificationPreferencesBody
    >({
      query: (body) => ({ url: 'Notifications/UpdateNotificationPreferences', method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['NotificationPreferences'],
    }),
  }),
});

export const {
  useNotificationsQuery,
  useViewNotificationMutation,
  useDeleteNotificationMutation,
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = notificationsApi;
