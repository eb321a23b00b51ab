import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FilterDoctorsRequest, FilterDoctorsResponse } from '../../../schemas/catalogue';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ok } from '../../lib/envelope';
import { sendCached, stableKey, type ResponseCache } from '../../lib/response-cache';
import type { SearchIndex } from '../../services/search-index/index';
import { enabledFeatures } from '../catalogue/index';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { filterDoctors, indexPage } from './doctor-list-repository';
import { pageCards } from './page-cards';

/** Doctor search: the doctor list by filters and name (POST, as the spec's client sends a filter body). */
export const doctorListRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  publicCache: ResponseCache;
  /** Doctor cards of pages the search index chose (see page-cards.ts). */
  cardCache: ResponseCache;
  searchIndex: SearchIndex;
}> = async (app, { db, publicCache, cardCache, searchIndex }) => {
  const tags = ['catalogue'];

  app.post(
    '/Doctors/FilterDoctors',
    {
      schema: {
        tags,
        summary: 'Approved doctors matching the filters, best rated first, with the next free slot',
        querystring: Type.Object(LanguageIdQuery),
        body: FilterDoctorsRequest,
        response: { 200: Envelope(FilterDoctorsResponse) },
      },
    },
    async (request, reply) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      const features = enabledFeatures(request.tenant);
      const tenant = request.tenant.config.code;
      // Names are matched by the in-process search index when it can, else in SQL.
      const text = request.body.searchText?.trim();
      const nameIds = text ? await searchIndex.matchingDoctorIds(tenant, text) : undefined;
      // By name alone: the index's matches come in the list's order, so it pages them; the page's
      // cards come from the card cache or one query (none past the last page). Not kept in the
      // public cache, as the header search's index answers: a new text is rarely asked again, and
      // thousands of kept answers of ~10 KB only fed the garbage collector.
      const page = nameIds && indexPage(request.body, nameIds);
      if (page) {
        const doctors = await pageCards(cardCache, db, tenant, lang, features, page.ids);
        return ok({ doctors, pagination: page.pagination });
      }
      // The same for every visitor of the tenant: served from the public cache (short TTL).
      return sendCached(
        reply,
        publicCache,
        tenant,
        `FilterDoctors\u0000${lang}\u0000${stableKey(request.body)}`,
        () => db.tenantRead(tenant, (sql) => filterDoctors(sql, lang, features, request.body, nameIds)),
      );
    },
  );
};
