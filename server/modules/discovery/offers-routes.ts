import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PromoCode, Referral } from '../../../schemas/discovery';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { promoDetails } from './offers-repository';

/** Offer detail and the signed-in user's referral link. */
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

  /**
   * The referral link is derived from the token's user id on the portal's own host
   * (`<scheme>://<host>/?invitedby=<userId>`); registration reads invitedby (spec section 2).
   * userId and deviceType query parameters of the spec are accepted; the token decides.
   */
  const referral = {
    config: { feature: 'referral' as const, auth: true },
    schema: {
      tags,
      summary: "The signed-in user's referral link",
      querystring: Type.Object({
        userId: Type.Optional(Type.String({ maxLength: 64 })),
        deviceType: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
      }),
      response: { 200: Envelope(Referral) },
    },
  };
  for (const path of ['/ManageReferrals/GetReferralUrl', '/ManageReferrals/GetCurrentManageReferral']) {
    app.get(path, referral, async (request) => {
      const userId = String(request.auth!.userId);
      return ok({
        userId,
        referralUrl: `${request.protocol}://${request.host}/?invitedby=${encodeURIComponent(userId)}`,
      });
    });
  }
};
