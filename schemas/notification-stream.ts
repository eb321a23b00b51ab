import { Type, type Static } from 'typebox';

/**
 * Live in-app notifications (GET /api/v1/Notifications/Stream, Server-Sent Events, signed in).
 * Events, each `data` a JSON object:
 *   ready         { unreadCount }        on opening (and so on every reconnection)
 *   notification  LiveNotification       each new unread notification; `id` = notificationId, sent
 *                                        back as Last-Event-ID to resume after it
 *   unread        { unreadCount }        after new notifications, and when a read or a deletion
 *                                        (on any device) changed the count
 * plus a `: ping` comment every heartbeat. The stream ends when the access token expires or the
 * server drains: the client renews its session and reconnects.
 */
export const NOTIFICATION_STREAM_PATH = 'Notifications/Stream';

export const LiveNotification = Type.Object({
  notificationId: Type.Integer(),
  /** The spec's TypeNotify: 'AppointmentReminder' opens the reminder dialog. */
  typeNotify: Type.String(),
  title: Type.String(),
  body: Type.String(),
  appointmentId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type LiveNotification = Static<typeof LiveNotification>;

export interface UnreadCountEvent {
  unreadCount: number;
}
