/**
 * Live in-app notifications (GET /api/v1/Notifications/Stream, Server-Sent Events, signed in).
 * Plain types and a constant, no TypeBox: the web app's notification code imports this file and
 * must not bundle the schema library. Events, each `data` a JSON object:
 *   ready         { unreadCount }        on opening (and so on every reconnection)
 *   notification  LiveNotification       each new unread notification; `id` = notificationId, sent
 *                                        back as Last-Event-ID to resume after it
 *   unread        { unreadCount }        after new notifications, and when a read or a deletion
 *                                        (on any device) changed the count
 * plus a `: ping` comment every heartbeat. The stream ends when the access token expires or the
 * server drains: the client renews its session and reconnects.
 */
export const NOTIFICATION_STREAM_PATH = 'Notifications/Stream';

export interface LiveNotification {
  notificationId: number;
  /** The spec's TypeNotify: 'AppointmentReminder' opens the reminder dialog. */
  typeNotify: string;
  title: string;
  body: string;
  appointmentId: number | null;
  /** ISO 8601 instant. */
  createdAt: string;
}

export interface UnreadCountEvent {
  unreadCount: number;
}
