import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  ActivateProductCodeRequest,
  ProductCheck,
  ProductCheckQuery,
  PromoCodeListQuery,
  PromoCodePage,
  ReferralLink,
  ReferralQuery,
  ReferralSummary,
  UserProduct,
  UserProductPage,
  UserProductParams,
} from '../../../schemas/promotions';
import { PagingQuery } from '../../../schemas/envelope';
import { Type } from 'typebox';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { bookingClock } from '../../lib/booking-clock';
import { replyLanguage } from '../reference/index';
import {
  activateProductCode,
  listUserProducts,
  usableProductsFor,
  userProduct,
  type ProductTarget,
} from './product-codes';
import { validPromoCodes } from './promo-codes';
import { referralCodeOf, referralStats } from './referral';

/**
 * Promo codes, product codes and the wallet of products, and the referral link (schemas/promotions.ts).
 */
export const promotionsRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['promotions'];
  const signedIn = { feature: 'promoCodes', auth: true } as const;
  const inTenant = <T>(request: FastifyRequest, fn: (sql: Sql) => Promise<T>) =>
    db.tenant(request.tenant.config.code, fn);

  app.get(
    '/PromoCodes/GetAllPromoCodes',
    {
      config: { feature: 'promoCodes' },
      schema: {
        tags,
        summary: "The tenant's valid promo codes, soonest expiry first",
        querystring: PromoCodeListQuery,
        response: { 200: Envelope(PromoCodePage) },
      },
    },
    async (request) => {
      const { PageNumber = 1, PageSize = 15, languageId } = request.query;
      const lang = replyLanguage(request, languageId);
      const page = await db.tenantRead(request.tenant.config.code, (sql) =>
        validPromoCodes(sql, lang, bookingClock.now(), { pageNumber: PageNumber, pageSize: PageSize }),
      );
      return ok({
        promoCodes: page.rows,
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.total },
      });
    },
  );

  app.post(
    '/PromoCodes/ActivePromotionProductCode',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Activates a product code: its product joins the caller's wallet of products (single use)",
        security: [{ bearer: [] }],
        body: ActivateProductCodeRequest,
        response: {
          200: Envelope(UserProduct),
          ...errorReplies({
            404: ['product_code_invalid'],
            409: ['product_code_used', 'product_code_expired'],
          }),
        },
      },
    },
    async (request) => {
      const product = await inTenant(request, (sql) =>
        activateProductCode(sql, {
          userId: request.auth!.userId,
          code: request.body.code,
          now: bookingClock.now(),
          lang: request.lang,
        }),
      );
      return ok(product);
    },
  );

  app.get(
    '/PromoCodes/GetListProductCodeInWallet',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The caller's wallet of products, unspent first",
        security: [{ bearer: [] }],
        querystring: Type.Object(PagingQuery),
        response: { 200: Envelope(UserProductPage) },
      },
    },
    async (request) => {
      const { PageNumber = 1, PageSize = 15 } = request.query;
      const page = await inTenant(request, (sql) =>
        listUserProducts(sql, request.lang, request.auth!.userId, {
          pageNumber: PageNumber,
          pageSize: PageSize,
        }),
      );
      return ok({
        userProducts: page.rows,
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.total },
      });
    },
  );

  app.get(
    '/PromoCodes/GetDetailPromotionProduct/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "One product of the caller's wallet of products",
        security: [{ bearer: [] }],
        params: UserProductParams,
        response: { 200: Envelope(UserProduct), ...errorReplies({ 404: ['product_not_found'] }) },
      },
    },
    async (request) => {
      const product = await inTenant(request, (sql) =>
        userProduct(sql, request.lang, request.auth!.userId, request.params.id),
      );
      if (!product) throw new ApiError(404, 'product_not_found');
      return ok(product);
    },
  );

  app.get(
    '/PromoCodes/CheckPromotionProduct',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Whether the caller holds an unspent product for a consultation or a package',
        security: [{ bearer: [] }],
        querystring: ProductCheckQuery,
        response: { 200: Envelope(ProductCheck), ...errorReplies({ 400: ['product_check_target'] }) },
      },
    },
    async (request) => {
      const q = request.query;
      let target: ProductTarget;
      if (q.doctorId !== undefined && q.serviceTypeId !== undefined) {
        target = { kind: 'appointment', doctorId: q.doctorId, serviceTypeId: q.serviceTypeId };
      } else if (q.packageType !== undefined && q.packageId !== undefined) {
        target = { kind: 'purchase', packageType: q.packageType, packageId: q.packageId };
      } else {
        throw new ApiError(400, 'product_check_target', ['product_check_target']);
      }
      const usable = await inTenant(request, (sql) =>
        usableProductsFor(sql, { userId: request.auth!.userId, target }),
      );
      return ok({ isUsable: usable.length > 0, userProductIds: usable.map((p) => p.userProductId) });
    },
  );

  /**
   * The caller's referral code and link (`<scheme>://<host>/?invitedby=<code>` on the portal's own
   * host). The spec's userId parameter is accepted only as the caller's own id.
   */
  const referral = (summary: string) =>
    ({
      config: { feature: 'referral', auth: true },
      schema: {
        tags,
        summary,
        security: [{ bearer: [] }],
        querystring: ReferralQuery,
      },
    }) as const;
  const linkOf = async (request: FastifyRequest, asked: string | undefined, sql: Sql) => {
    const userId = request.auth!.userId;
    if (asked !== undefined && asked.trim() !== String(userId)) {
      throw new ApiError(404, 'referral_not_found');
    }
    const code = await referralCodeOf(sql, userId);
    return {
      userId: String(userId),
      referralCode: code,
      referralUrl: `${request.protocol}://${request.host}/?invitedby=${code}`,
    };
  };

  app.get(
    '/ManageReferrals/GetReferralUrl',
    {
      ...referral("The caller's referral code and link"),
      schema: {
        ...referral('').schema,
        summary: "The caller's referral code and link",
        response: { 200: Envelope(ReferralLink), ...errorReplies({ 404: ['referral_not_found'] }) },
      },
    },
    async (request) => ok(await inTenant(request, (sql) => linkOf(request, request.query.userId, sql))),
  );

  app.get(
    '/ManageReferrals/GetCurrentManageReferral',
    {
      ...referral("The caller's referral link, invited count and rewards"),
      schema: {
        ...referral('').schema,
        summary: "The caller's referral link, invited count and rewards",
        response: { 200: Envelope(ReferralSummary), ...errorReplies({ 404: ['referral_not_found'] }) },
      },
    },
    async (request) => {
      const tenant = request.tenant.config;
      const walletReward =
        tenant.features.wallet && (tenant.referral.inviterReward > 0 || tenant.referral.inviteeReward > 0);
      const summary = await inTenant(request, async (sql) => ({
        ...(await linkOf(request, request.query.userId, sql)),
        ...(await referralStats(sql, request.auth!.userId)),
      }));
      return ok({
        ...summary,
        walletReward,
        inviterReward: walletReward ? tenant.referral.inviterReward : 0,
        inviteeReward: walletReward ? tenant.referral.inviteeReward : 0,
      });
    },
  );
};
