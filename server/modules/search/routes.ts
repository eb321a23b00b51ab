import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { createResponseCache, type ResponseCache } from '../../lib/response-cache';
import type { SearchIndex } from '../../services/search-index/index';
import { doctorListRoutes } from './doctor-list-routes';
import { CARD_TTL_MS, cardDoctor, cardExpiry } from './page-cards';
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
  /** The public cache's TTL (DISCOVERY_CACHE_TTL_MS; 0 also turns the card cache off). */
  cacheTtlMs: number;
}> = async (app, { db, publicCache, searchIndex, cacheTtlMs }) => {
  // Cards of pages the index chose (page-cards.ts): a tenant's doctors in two languages, apart
  // from the public cache so that they do not push its answers out.
  const cardCache = createResponseCache({
    ttlMs: cacheTtlMs > 0 ? Math.max(cacheTtlMs, CARD_TTL_MS) : 0,
    max: 20_000,
    expiresAt: cardExpiry,
    doctorOf: cardDoctor,
  });
  app.addHook('onClose', async () => cardCache.close());
  await app.register(globalSearchRoutes, { db, publicCache, searchIndex });
  await app.register(doctorListRoutes, { db, publicCache, cardCache, searchIndex });
};
