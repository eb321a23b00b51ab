import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { Envelope, errorReplies, Pagination, PagingQuery } from '../../../schemas/envelope';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import {
  deleteNotification,
  listNotifications,
  rememberLanguage,
  viewNotification,
  type NotificationRow,
} from './repository';

const Id = Type.Integer({
  minimum: 1,
  maximum: 9_007_199_254_740_991,
  'x-message': 'invalid_notification_id',
});

export const Notification = Type.Object({
  notificationId: Type.Integer(),
  /** The spec's TypeNotify, also inside keysandvalues. */
  typeNotify: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** JSON string holding TypeNotify and its values (AppointmentId, ...). */
  keysandvalues: Type.String(),
  appointmentId: Type.Union([Type.Integer(), Type.Null()]),
  isRead: Type.Boolean(),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Notification = Static<typeof Notification>;

const NotificationPage = Type.Object({
  notifications: Type.Array(Notification),
  pagination: Pagination,
  unreadCount: Type.Integer(),
});

const toNotification = (row: NotificationRow, lang: LanguageCode): Notification => ({
  notificationId: Number(row.notification_id),
  typeNotify: row.type,
  title: lang === 'en' ? row.title_en : row.title_vi,
  body: lang === 'en' ? row.body_en : row.body_vi,
  keysandvalues: row.keys_and_values,
  appointmentId: row.appointment_id === null ? null : Number(row.appointment_id),
  isRead: row.read_at !== null,
  readAt: row.read_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

/**
 * In-app notifications of the signed-in user (spec section 7 lists the calls without a controller;
 * they live under /Notifications/ like every other group). Newest first; a user reads, marks and
 * deletes only their own (another user's or tenant's id answers 404).
 */
export const notificationsRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['notifications'];
  const config = { auth: true } as const;

  app.get(
    '/Notifications/GetAllNotifications',
    {
      config,
      schema: {
        tags,
        summary: "The user's notifications, newest first, with the unread count",
        security: [{ bearer: [] }],
        querystring: Type.Object({
          ...PagingQuery,
          unreadOnly: Type.Optional(Type.Boolean({ default: false })),
        }),
        response: { 200: Envelope(NotificationPage) },
      },
    },
    async (request) => {
      const { PageNumber = 1, PageSize = 15, unreadOnly = false } = request.query;
      const userId = request.auth!.userId;
      const page = await db.tenant(request.tenant.config.code, async (sql) => {
        // The language the person uses the app in: reminders and offers follow it.
        if (request.headers['x-accept-language']) await rememberLanguage(sql, userId, request.lang);
        return listNotifications(sql, userId, { pageNumber: PageNumber, pageSize: PageSize, unreadOnly });
      });
      return ok({
        notifications: page.rows.map((row) => toNotification(row, request.lang)),
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.total },
        unreadCount: page.unread,
      });
    },
  );

  app.get(
    '/Notifications/ViewNotification',
    {
      config,
      schema: {
        tags,
        summary: 'One notification of the user; marks it read',
        security: [{ bearer: [] }],
        querystring: Type.Object({ notificationId: Id }),
        response: { 200: Envelope(Notification), ...errorReplies({ 404: ['notification_not_found'] }) },
      },
    },
    async (request) => {
      const row = await db.tenant(request.tenant.config.code, (sql) =>
        viewNotification(sql, request.auth!.userId, request.query.notificationId, new Date()),
      );
      if (!row) throw new ApiError(404, 'notification_not_found');
      return ok(toNotification(row, request.lang));
    },
  );

  app.delete(
    '/Notifications/DeleteNotification',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes a notification of the user',
        security: [{ bearer: [] }],
        querystring: Type.Object({ id: Id }),
        response: {
          200: Envelope(Type.Object({ id: Type.Integer() })),
          ...errorReplies({ 404: ['notification_not_found'] }),
        },
      },
    },
    async (request) => {
      const deleted = await db.tenant(request.tenant.config.code, (sql) =>
        deleteNotification(sql, request.auth!.userId, request.query.id, new Date()),
      );
      if (!deleted) throw new ApiError(404, 'notification_not_found');
      return ok({ id: request.query.id });
    },
  );
};
