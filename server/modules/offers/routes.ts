import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PromoCode } from '../../../schemas/discovery';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { promoDetails } from './offers-repository';

/** Offer detail (the referral link lives in the promotions module). */
export const offersRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['discovery'];

  app.get(
    '/PromoCodes/GetPromoDetails/:id',
    {
      config: { feature: 'promoCodes' },
      schema: {
        tags,
        summary: 'One promo code (offer detail page)',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(PromoCode), ...errorReplies({ 404: ['not_found'] }) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      const promo = await db.tenantRead(request.tenant.config.code, (sql) =>
        promoDetails(sql, lang, request.params.id),
      );
      if (!promo) throw new ApiError(404, 'not_found');
      return ok(promo);
    },
  );
};
