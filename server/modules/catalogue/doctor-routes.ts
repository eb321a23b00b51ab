import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DoctorDetail, FilterDoctorsRequest, FilterDoctorsResponse } from '../../../schemas/catalogue';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { sendCached, stableKey, type ResponseCache } from '../../lib/response-cache';
import type { SearchIndex } from '../../services/search-index/index';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { filterDoctors, findDoctor } from './doctor-repository';
import { enabledFeatures } from './features';

/** Doctor search (POST, as the spec's client sends a filter body) and doctor detail. */
export const doctorRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  publicCache: ResponseCache;
  searchIndex: SearchIndex;
}> = async (app, { db, publicCache, searchIndex }) => {
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
      // The same for every visitor of the tenant: served from the public cache (short TTL).
      return sendCached(
        reply,
        publicCache,
        tenant,
        `FilterDoctors\u0000${lang}\u0000${stableKey(request.body)}`,
        async () => {
          // Names are matched by the in-process search index when it can, else in SQL.
          const text = request.body.searchText?.trim();
          const nameIds = text ? await searchIndex.matchingDoctorIds(tenant, text) : undefined;
          return db.tenantRead(tenant, (sql) => filterDoctors(sql, lang, features, request.body, nameIds));
        },
      );
    },
  );

  app.get(
    '/Doctors/GetDoctor/:id',
    {
      schema: {
        tags,
        summary: 'One approved doctor with biography',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(DoctorDetail), ...errorReplies({ 404: ['doctor_not_found'] }) },
      },
    },
    async (request) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      const features = enabledFeatures(request.tenant);
      const doctor = await db.tenantRead(request.tenant.config.code, (sql) =>
        findDoctor(sql, lang, features, request.params.id),
      );
      if (!doctor) throw new ApiError(404, 'doctor_not_found');
      return ok(doctor);
    },
  );
};
