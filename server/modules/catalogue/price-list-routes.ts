import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ServicePrice } from '../../../schemas/catalogue';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { enabledFeatures } from './features';
import { listServicePrices } from './price-list-repository';

/** GET /ServicePrices: the public price list (/service-prices) by hospital, speciality and visit kind. */
export const priceListRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/ServicePrices',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Service prices: lowest and highest fee per hospital, speciality and visit kind',
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(Type.Array(ServicePrice)) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      return ok(
        await db.tenantRead(request.tenant.config.code, (sql) =>
          listServicePrices(sql, lang, enabledFeatures(request.tenant)),
        ),
      );
    },
  );
};
