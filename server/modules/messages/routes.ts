import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  MESSAGE_CATEGORIES,
  NotificationPreferences,
  NotificationPreferencesBody,
} from '../../../schemas/notifications';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { readPreferences, unsubscribeEmail, writePreferences } from './preferences';

const UnsubscribeQuery = Type.Object({
  token: Type.String({ maxLength: 64, 'x-message': 'unsubscribe_link_invalid' }),
  category: Type.Union(
    MESSAGE_CATEGORIES.map((c) => Type.Literal(c)),
    { 'x-message': 'unsubscribe_link_invalid' },
  ),
});

const CATEGORY_NAMES: Record<string, Record<LanguageCode, string>> = {
  service: { vi: 'tin về lịch hẹn và thanh toán', en: 'appointment and payment messages' },
  reminder: { vi: 'thư nhắc lịch hẹn', en: 'appointment reminders' },
  marketing: { vi: 'thư giới thiệu, khuyến mãi', en: 'news and offers' },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (lang: LanguageCode, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * Message preferences of the signed-in user (schemas/notifications.ts) and the List-Unsubscribe
 * target of non-essential email. The unsubscribe link works without signing in: its token is the
 * user's own secret; GET shows a confirm button (link scanners open links), POST turns the
 * category off (also RFC 8058 one-click from the mail client).
 */
export const messagesRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['notifications'];

  app.get(
    '/Notifications/GetNotificationPreferences',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "The user's message preferences per channel and category, quiet hours, the tenant's zone",
        security: [{ bearer: [] }],
        response: { 200: Envelope(NotificationPreferences) },
      },
    },
    async (request) => {
      const prefs = await db.tenant(request.tenant.config.code, (sql) =>
        readPreferences(sql, request.auth!.userId),
      );
      return ok({ ...prefs, timeZone: request.tenant.config.booking.timeZone });
    },
  );

  app.post(
    '/Notifications/UpdateNotificationPreferences',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "Replaces the user's message preferences",
        security: [{ bearer: [] }],
        body: NotificationPreferencesBody,
        response: { 200: Envelope(NotificationPreferences) },
      },
    },
    async (request) => {
      const prefs = await db.tenant(request.tenant.config.code, async (sql) => {
        await writePreferences(sql, request.auth!.userId, request.body, new Date());
        return readPreferences(sql, request.auth!.userId);
      });
      return ok({ ...prefs, timeZone: request.tenant.config.booking.timeZone });
    },
  );

  app.get(
    '/Notifications/Unsubscribe',
    {
      schema: {
        tags,
        summary: 'The unsubscribe link of an email: a page that asks to confirm',
        querystring: UnsubscribeQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { token, category } = request.query;
      const lang = request.lang;
      const what = CATEGORY_NAMES[category]![lang];
      const title = lang === 'vi' ? `Ngừng nhận ${what} qua email?` : `Stop ${what} by email?`;
      const action = `?token=${encodeURIComponent(token)}&category=${category}`;
      const button = lang === 'vi' ? 'Ngừng nhận' : 'Unsubscribe';
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        lang,
        title,
        `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="padding:.6rem 1.2rem">${button}</button></form>`,
      );
    },
  );

  app.post(
    '/Notifications/Unsubscribe',
    {
      schema: {
        tags,
        summary: 'Turns one category of email off for the link owner (also RFC 8058 one-click)',
        querystring: UnsubscribeQuery,
        produces: ['text/html'],
        response: { 200: Type.String(), ...errorReplies({ 404: ['unsubscribe_link_invalid'] }) },
      },
    },
    async (request, reply) => {
      const { token, category } = request.query;
      const done = await db.tenant(request.tenant.config.code, (sql) =>
        unsubscribeEmail(sql, token, category, new Date()),
      );
      if (!done) throw new ApiError(404, 'unsubscribe_link_invalid');
      const lang = request.lang;
      const what = CATEGORY_NAMES[category]![lang];
      const title =
        lang === 'vi' ? `Đã ngừng gửi ${what} qua email.` : `You will no longer get ${what} by email.`;
      const hint =
        lang === 'vi'
          ? 'Bạn có thể bật lại trong Cài đặt tài khoản.'
          : 'You can turn them back on in your profile settings.';
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(lang, title, `<p>${escapeHtml(hint)}</p>`);
    },
  );
};
