import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HospitalsQuery, HospitalsResponse, Speciality, Symptom } from '../../../schemas/catalogue';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { sendCached, stableKey, type ResponseCache } from '../../lib/response-cache';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { listHospitals, listSpecialities, listSymptoms } from './directory-repository';

/**
 * Specialities, symptoms and hospitals: the directory pages and search facets. The same for every
 * visitor of a tenant, so answered through the public cache (the speciality list counts each
 * speciality's doctors, a grouped scan of every doctor link).
 */
export const directoryRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  publicCache: ResponseCache;
}> = async (app, { db, publicCache }) => {
  const tags = ['catalogue'];
  const query = Type.Object(LanguageIdQuery);

  app.get(
    '/Specialities',
    {
      schema: {
        tags,
        summary: 'Specialities with the number of approved doctors',
        querystring: query,
        response: { 200: Envelope(Type.Array(Speciality)) },
      },
    },
    async (request, reply) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      const tenant = request.tenant.config.code;
      return sendCached(reply, publicCache, tenant, `Specialities\u0000${lang}`, () =>
        db.tenantRead(tenant, (sql) => listSpecialities(sql, lang)),
      );
    },
  );

  app.get(
    '/Symptoms/GetAllSymptoms',
    {
      schema: {
        tags,
        summary: 'Symptoms, each with the speciality that treats it',
        querystring: query,
        response: { 200: Envelope(Type.Array(Symptom)) },
      },
    },
    async (request, reply) => {
      const lang = replyLanguage(request, queryLanguageId(request.query));
      const tenant = request.tenant.config.code;
      return sendCached(reply, publicCache, tenant, `Symptoms\u0000${lang}`, () =>
        db.tenantRead(tenant, (sql) => listSymptoms(sql, lang)),
      );
    },
  );

  app.get(
    '/Hospitals/GetAllHospitals',
    {
      schema: {
        tags,
        summary: 'Hospitals, best rated first; Name matches without accents ("song hong" finds "Sông Hồng")',
        querystring: Type.Object({ ...HospitalsQuery.properties, ...LanguageIdQuery }),
        response: { 200: Envelope(HospitalsResponse) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = replyLanguage(request, queryLanguageId(q));
      const tenant = request.tenant.config.code;
      const filter = {
        cityId: q.CityId,
        name: q.Name,
        pageNumber: q.PageNumber ?? 1,
        pageSize: q.PageSize ?? 15,
      };
      return sendCached(reply, publicCache, tenant, `Hospitals\u0000${lang}\u0000${stableKey(filter)}`, () =>
        db.tenantRead(tenant, (sql) => listHospitals(sql, lang, filter)),
      );
    },
  );
};
