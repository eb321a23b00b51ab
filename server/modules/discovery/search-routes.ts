import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GlobalSearchQuery, GlobalSearchResult } from '../../../schemas/discovery';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { replyLanguage } from '../reference/localize';
import { globalSearch } from './search-repository';

/** GET /GlobalSearches: the header search box (debounced by the client). */
export const searchRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
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
    async (request) => {
      const text = request.query.searchText?.trim() ?? '';
      if (text === '') return ok([]);
      const lang = replyLanguage(request, request.query.languageId);
      return ok(await db.tenant(request.tenant.config.code, (sql) => globalSearch(sql, lang, text)));
    },
  );
};
