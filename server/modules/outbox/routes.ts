import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { DEFAULT_COUNTRY_ID } from '../../lib/phone';
import { recipientForms } from '../../services/delivery/index';

const OutboxMessage = Type.Object({
  messageId: Type.Integer(),
  channel: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

/**
 * The dev outbox: every email and SMS of this tenant to an address, newest first, so someone
 * trying the demo can read their codes. Registered only outside production (404 there).
 */
export const outboxRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages sent to an email or phone on this tenant (not in production)',
        querystring: Type.Object({ to: Type.String({ minLength: 3, maxLength: 254 }) }),
        response: { 200: Envelope(Type.Array(OutboxMessage)) },
      },
    },
    async (request) => {
      const { rows } = await db.tenant(request.tenant.config.code, async (sql) => {
        // A phone typed as a person would ('0901 234 567') finds the E.164 recipient it was sent to.
        const country = await sql.query<{ phone_code: string }>(
          'SELECT phone_code FROM countries WHERE country_id = $1',
          [DEFAULT_COUNTRY_ID],
        );
        const forms = recipientForms(request.query.to, country.rows[0]?.phone_code ?? '+');
        return sql.query<{
          message_id: number;
          channel: string;
          recipient: string;
          subject: string;
          body: string;
          code: string | null;
          created_at: Date;
        }>(
          `SELECT message_id, channel, recipient, subject, body, code, created_at FROM outbox_messages
           WHERE recipient IN (${forms.map((_, i) => `$${i + 1}`).join(', ')})
           ORDER BY created_at DESC, message_id DESC LIMIT 50`,
          forms,
        );
      });
      return ok(
        rows.map((r) => ({
          messageId: Number(r.message_id),
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          code: r.code,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },
  );
};
