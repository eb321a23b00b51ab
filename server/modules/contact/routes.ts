import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CaptchaChallenge, ContactUsRequest } from '../../../schemas/discovery';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { consumeCaptcha, createCaptchaChallenge, type CaptchaKeys } from '../../services/captcha/index';
import { notifyAddress } from '../messages/index';

/**
 * The contact-us form (feature 'contact'): a self-hosted ALTCHA challenge, then the message,
 * checked against spec section 5, stored and emailed to the tenant's siteContactEmail.
 */
export const contactRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  /** The keyring's readable captcha keys, current first (read at each use: they rotate). */
  captchaKeys: () => CaptchaKeys;
}> = async (app, { db, captchaKeys }) => {
  const tags = ['discovery'];
  const config = { feature: 'contact' as const };

  app.get(
    '/Captcha/GetChallenge',
    {
      config,
      schema: {
        tags,
        summary: 'A signed ALTCHA proof-of-work challenge (single use, 10 minutes)',
        response: { 200: Envelope(CaptchaChallenge) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await createCaptchaChallenge(captchaKeys(), request.tenant.config.code);
      return ok({ parameters: challenge.parameters, signature: challenge.signature ?? '' });
    },
  );

  app.post(
    '/ContactUsMessages/AddContactUsMessage',
    {
      config,
      schema: {
        tags,
        summary: 'Stores a contact message and emails it to the site contact address',
        body: ContactUsRequest,
        response: { 200: Envelope(Type.Object({ contactMessageId: Type.Integer() })) },
      },
    },
    async (request) => {
      const body = request.body;
      const tenant = request.tenant.config;
      const id = await db.tenant(tenant.code, async (sql) => {
        if (!(await consumeCaptcha(sql, captchaKeys(), tenant.code, body.captcha))) {
          throw new ApiError(400, 'invalid_request', ['select_this']);
        }
        const { rows } = await sql.query<{ contact_message_id: number }>(
          `INSERT INTO contact_messages (full_name, email, phone_code, country_id, mobile_number, message)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING contact_message_id`,
          [
            body.fullName.trim(),
            body.email.trim(),
            body.phoneCode ?? '',
            body.countryId ?? null,
            body.mobileNumber,
            body.message.trim(),
          ],
        );
        const contactMessageId = rows[0]!.contact_message_id;
        const phone = `${body.phoneCode ?? ''} ${body.mobileNumber}`.trim();
        // Emailed to the site's contact address by the message pipeline, sent with the insert.
        await notifyAddress(sql, tenant, {
          event: 'contact-us',
          key: `contact-us:${contactMessageId}`,
          to: tenant.siteConfig.siteContactEmail,
          values: {
            contact: {
              id: Number(contactMessageId),
              fullName: body.fullName.trim(),
              email: body.email.trim(),
              phone,
              message: body.message.trim(),
            },
          },
        });
        return contactMessageId;
      });
      return ok({ contactMessageId: id });
    },
  );
};
