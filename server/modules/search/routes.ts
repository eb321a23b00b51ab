import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import type { ResponseCache } from '../../lib/response-cache';
import type { SearchIndex } from '../../services/search-index/index';
import { doctorListRoutes } from './doctor-list-routes';
import { globalSearchRoutes } from './search-routes';

/**
 * Search: the header search (GlobalSearches) and the doctor list by filters and name
 * (FilterDoctors), answered from the in-process index (server/services/search-index) with SQL as
 * the fallback.
 */
export const searchRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  publicCache: ResponseCache;
  searchIndex: SearchIndex;
}> = async (app, { db, publicCache, searchIndex }) => {
  await app.register(globalSearchRoutes, { db, publicCache, searchIndex });
  await app.register(doctorListRoutes, { db, publicCache, searchIndex });
};
