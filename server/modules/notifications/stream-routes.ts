import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decodeJwt } from 'jose';
import { NOTIFICATION_STREAM_PATH, type LiveNotification } from '../../../schemas/notification-stream';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import { coalescedReader, openEventStream, writeEvent } from '../../lib/event-stream';
import { NoticeFanout } from '../../services/notice-fanout/index';
import { unreadState, unsentNotifications, type LiveNotificationRow } from './live-repository';

/** Migration 034's triggers announce here; the payload is `<tenant>|<user id>`. */
export const NOTIFICATION_CHANNEL = 'notification_changed';

export interface NotificationStreamOptions {
  db: Database;
  /** Comment line and re-read: under proxies' idle cut (60 s), and what a lost notice costs. */
  heartbeatMs: number;
}

const toLive = (row: LiveNotificationRow, lang: LanguageCode): LiveNotification => ({
  notificationId: Number(row.notification_id),
  typeNotify: row.type,
  title: lang === 'en' ? row.title_en : row.title_vi,
  body: lang === 'en' ? row.body_en : row.body_vi,
  appointmentId: row.appointment_id === null ? null : Number(row.appointment_id),
  createdAt: new Date(row.created_at).toISOString(),
});

/** The access token's expiry (already verified by the auth plugin), in ms since the epoch. */
function tokenExpiry(authorization: string | undefined): number {
  try {
    const exp = decodeJwt((authorization ?? '').slice(7).trim()).exp;
    return typeof exp === 'number' ? exp * 1000 : Date.now();
  } catch {
    return Date.now();
  }
}

/**
 * Live in-app notifications of the signed-in user (the header's unread count, the list, the
 * reminder dialog) as Server-Sent Events, instead of the web app polling. Read with fetch, so the
 * bearer token stays in a header (EventSource cannot send one, and a token in a URL ends up in
 * logs). Whichever process or operator command writes a notification, migration 034's trigger
 * NOTIFYs its tenant and user; this process's one LISTEN session wakes that user's streams, which
 * read the rows under the tenant's RLS and the user's id: a stream never sees another user's or
 * another tenant's notification, whatever a notice says.
 *
 * A stream ends when the access token expires (the browser reconnects with a renewed one, so a
 * revoked session stops receiving) and when the server drains (the browser reconnects to another
 * process).
 */
export const notificationStreamRoutes: FastifyPluginAsyncTypebox<NotificationStreamOptions> = async (
  app,
  { db, heartbeatMs },
) => {
  const fanout = new NoticeFanout(db, NOTIFICATION_CHANNEL);
  await fanout.start(app.log);
  const open = new Set<(draining: boolean) => void>();
  // Draining (SIGTERM): streams never finish on their own, so they end here and their sockets
  // close; the browsers reconnect to a process that stays.
  app.addHook('preClose', async () => {
    for (const end of open) end(true);
  });
  app.addHook('onClose', () => fanout.close());

  app.get(
    `/${NOTIFICATION_STREAM_PATH}`,
    {
      config: { auth: true },
      schema: {
        tags: ['notifications'],
        summary:
          "Server-Sent Events of the user's in-app notifications: 'ready' {unreadCount} on opening, 'notification' (id = notificationId; notificationId, typeNotify, title, body, appointmentId, createdAt) for each new unread one, 'unread' {unreadCount} when the count changes, a ': ping' comment every heartbeat. Last-Event-ID resumes after that notification. Ends when the access token expires or the server drains",
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const tenant = request.tenant.config.code;
      const userId = request.auth!.userId;
      const lang = request.lang;
      const resumeFrom = Number(request.headers['last-event-id']);
      const start = await db.tenant(tenant, (sql) => unreadState(sql, userId));
      // A resumed stream sends what arrived while it was away; a new one starts from now.
      const floor =
        Number.isSafeInteger(resumeFrom) && resumeFrom > 0 && resumeFrom < start.lastId
          ? resumeFrom
          : start.lastId;
      const sent: number[] = [];
      let unread = start.unread;
      let closed = false;

      const raw = openEventStream(reply, request);
      writeEvent(raw, 'ready', { unreadCount: unread });

      const look = coalescedReader(
        async () => {
          const { rows, state } = await db.tenant(tenant, async (sql) => ({
            rows: await unsentNotifications(sql, userId, floor, sent),
            state: await unreadState(sql, userId),
          }));
          if (closed) return;
          for (const row of rows) {
            sent.push(Number(row.notification_id));
            writeEvent(raw, 'notification', toLive(row, lang), row.notification_id);
          }
          if (state.unread !== unread || rows.length > 0) {
            unread = state.unread;
            writeEvent(raw, 'unread', { unreadCount: unread });
          }
        },
        () => closed,
        (error) => request.log.warn({ err: error }, 'notification stream: could not read notifications'),
      );

      const remove = fanout.add(`${tenant}|${userId}`, { wake: () => void look() });
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        void look();
      }, heartbeatMs);
      const expiry = setTimeout(
        () => end(false),
        Math.max(0, tokenExpiry(request.headers.authorization) - Date.now()),
      );
      const end = (draining: boolean) => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        remove();
        open.delete(end);
        raw.end();
        // A kept-alive socket would hold the draining server open until its forced exit.
        if (draining) request.raw.socket?.end();
      };
      open.add(end);
      raw.on('close', () => end(false));
      // A notification written between the first read and the registration is not missed.
      void look();
    },
  );
};
