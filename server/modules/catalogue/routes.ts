import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import type { ResponseCache } from '../../lib/response-cache';
import type { SearchIndex } from '../../services/search-index/index';
import { directoryRoutes } from './directory-routes';
import { doctorRoutes } from './doctor-routes';
import { homeRoutes } from './home-routes';
import { packageRoutes } from './package-routes';
import { priceListRoutes } from './price-list-routes';

/** The tenant's catalogue: directory, home material, packages and doctors (read-only). */
export const catalogueRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  publicCache: ResponseCache;
  searchIndex: SearchIndex;
}> = async (app, { db, publicCache, searchIndex }) => {
  await app.register(directoryRoutes, { db, publicCache });
  await app.register(homeRoutes, { db });
  await app.register(packageRoutes, { db });
  await app.register(priceListRoutes, { db });
  await app.register(doctorRoutes, { db, publicCache, searchIndex });
};
