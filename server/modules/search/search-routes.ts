import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GlobalSearchQuery, GlobalSearchResult } from '../../../schemas/discovery';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { sendCached, type ResponseCache } from '../../lib/response-cache';
import { replyLanguage } from '../reference/index';
import type { SearchIndex } from '../../services/search-index/index';
import { globalSearch, searchResults } from './search-repository';

/** GET /GlobalSearches: the header search box (debounced by the client). */
export const globalSearchRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  publicCache: ResponseCache;
  searchIndex: SearchIndex;
}> = async (app, { db, publicCache, searchIndex }) => {
  app.get(
    '/GlobalSearches',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Doctors (type 0), symptoms (1) and specialities (2) matching the text, accent-insensitive',
        querystring: GlobalSearchQuery,
        response: { 200: Envelope(Type.Array(GlobalSearchResult)) },
      },
    },
    async (request, reply) => {
      const text = request.query.searchText?.trim() ?? '';
      if (text === '') return ok([]);
      const lang = replyLanguage(request, request.query.languageId);
      const tenant = request.tenant.config.code;
      // The in-process index answers at once, always up to date (it follows every change of the
      // tenant's names, in every process): nothing to cache. SQL answers what the index cannot
      // (see search-index), from the public cache (short TTL), since it costs a query.
      const hits = await searchIndex.search(tenant, text, lang);
      if (hits) return ok(searchResults(hits));
      const key = `GlobalSearches\u0000${lang}\u0000${text.toLowerCase()}`;
      return sendCached(reply, publicCache, tenant, key, () =>
        db.tenantRead(tenant, (sql) => globalSearch(sql, lang, text)),
      );
    },
  );
};
