import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { packageRoutes } from './package-routes';
import { priceListRoutes } from './price-list-routes';

/** What the tenant sells, read-only: membership and IoMT packages and the price list. */
export const catalogueRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  await app.register(packageRoutes, { db });
  await app.register(priceListRoutes, { db });
};
