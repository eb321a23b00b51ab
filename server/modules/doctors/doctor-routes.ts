import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DoctorDetail } from '../../../schemas/catalogue';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { enabledFeatures } from '../catalogue/index';
import { findDoctor } from './doctor-repository';

/** A doctor's page: one approved doctor with biography (the list is the search module's FilterDoctors). */
export const doctorRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['catalogue'];

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
