import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Hospital, Symptom } from '../../../schemas/catalogue';
import {
  DoctorFeedbacks,
  DoctorName,
  HealthProgram,
  HospitalName,
  PriceCheck,
  PriceCheckQuery,
  PromoCode,
} from '../../../schemas/discovery';
import { Envelope, errorReplies, PagingQuery } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { enabledFeatures } from '../catalogue/index';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { basePrice } from '../appointments/index';
import { doctorHospitals, doctorNames, hospitalNames, symptomsByDoctor } from './doctor-extras-repository';
import { doctorFeedbacks } from './feedback-repository';
import { doctorHealthPrograms, doctorPromoCodes, healthProgramChildren } from '../offers/index';
import { approvedDoctorRun } from './approved-doctor';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IdParams = Type.Object({ id: Id });
const DoctorQuery = Type.Object({ doctorId: Id, ...LanguageIdQuery });

/**
 * The doctor detail page's side calls: hospitals, price, reviews, offers, programs (its free slots
 * are the schedule module's).
 */
export const doctorDetailRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['discovery'];
  const lang = (request: FastifyRequest) =>
    replyLanguage(request, queryLanguageId(request.query as { languageId?: number; LanguageId?: number }));
  const forDoctor = approvedDoctorRun(db);

  app.get(
    '/Doctors/GetDoctorHospitals/:id',
    {
      schema: {
        tags,
        summary: "The doctor's hospitals",
        params: IdParams,
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(Type.Array(Hospital)), ...errorReplies({ 404: ['doctor_not_found'] }) },
      },
    },
    async (request) =>
      ok(
        await forDoctor(request, request.params.id, (sql) =>
          doctorHospitals(sql, lang(request), request.params.id),
        ),
      ),
  );

  app.get(
    '/Appointments/CheckPriceOfAppointment',
    {
      schema: {
        tags,
        summary: 'Price of a service type at a doctor',
        querystring: PriceCheckQuery,
        response: { 200: Envelope(PriceCheck), ...errorReplies({ 404: ['service_not_offered'] }) },
      },
    },
    async (request) => {
      const { doctorId, serviceTypeId } = request.query;
      const price = await db.tenantRead(request.tenant.config.code, (sql) =>
        basePrice(sql, enabledFeatures(request.tenant), doctorId, serviceTypeId),
      );
      if (price === null) throw new ApiError(404, 'service_not_offered');
      return ok({ doctorId, serviceTypeId, price, discount: 0, finalPrice: price });
    },
  );

  app.get(
    '/Doctors/GetDoctorFeedbacks',
    {
      schema: {
        tags,
        summary: 'Reviews of a doctor: OrderType 0 newest, 1 highest rating, 2 lowest rating',
        querystring: Type.Object({
          DoctorId: Id,
          OrderType: Type.Optional(
            Type.Integer({ minimum: 0, maximum: 2, default: 0, 'x-message': 'invalid_order_type' }),
          ),
          ...PagingQuery,
        }),
        response: { 200: Envelope(DoctorFeedbacks), ...errorReplies({ 404: ['doctor_not_found'] }) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await forDoctor(request, q.DoctorId, (sql) =>
          doctorFeedbacks(sql, q.DoctorId, q.OrderType ?? 0, q.PageNumber ?? 1, q.PageSize ?? 15),
        ),
      );
    },
  );

  app.get(
    '/Doctors/GetDoctorPromocodes',
    {
      config: { feature: 'promoCodes' },
      schema: {
        tags,
        summary: 'Unexpired codes usable with the doctor',
        querystring: DoctorQuery,
        response: { 200: Envelope(Type.Array(PromoCode)), ...errorReplies({ 404: ['doctor_not_found'] }) },
      },
    },
    async (request) =>
      ok(
        await forDoctor(request, request.query.doctorId, (sql) =>
          doctorPromoCodes(sql, lang(request), request.query.doctorId),
        ),
      ),
  );

  app.get(
    '/Doctors/GetListHealthProgram/:id',
    {
      config: { feature: 'healthPrograms' },
      schema: {
        tags,
        summary: 'Health programs the doctor :id takes part in',
        params: IdParams,
        querystring: Type.Object(LanguageIdQuery),
        response: {
          200: Envelope(Type.Array(HealthProgram)),
          ...errorReplies({ 404: ['doctor_not_found'] }),
        },
      },
    },
    async (request) =>
      ok(
        await forDoctor(request, request.params.id, (sql) =>
          doctorHealthPrograms(sql, lang(request), request.params.id),
        ),
      ),
  );

  app.get(
    '/Doctors/GetListHealthProgramChildren/:id',
    {
      config: { feature: 'healthPrograms' },
      schema: {
        tags,
        summary: 'Sub-programs of the health program :id',
        params: IdParams,
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(Type.Array(HealthProgram)), ...errorReplies({ 404: ['not_found'] }) },
      },
    },
    async (request) => {
      const children = await db.tenantRead(request.tenant.config.code, (sql) =>
        healthProgramChildren(sql, lang(request), request.params.id),
      );
      if (!children) throw new ApiError(404, 'not_found');
      return ok(children);
    },
  );

  app.get(
    '/Doctors/GetDoctorNames',
    {
      schema: {
        tags,
        summary: 'Approved doctors: id and name',
        response: { 200: Envelope(Type.Array(DoctorName)) },
      },
    },
    async (request) => ok(await db.tenantRead(request.tenant.config.code, doctorNames)),
  );

  app.get(
    '/Hospitals/GetHospitalNames',
    {
      schema: {
        tags,
        summary: 'Approved hospitals: id and name',
        response: { 200: Envelope(Type.Array(HospitalName)) },
      },
    },
    async (request) => ok(await db.tenantRead(request.tenant.config.code, hospitalNames)),
  );

  app.get(
    '/Doctors/SymptomsByDoctor/symptoms-by-doctor',
    {
      schema: {
        tags,
        summary: 'Symptoms the doctor treats',
        querystring: DoctorQuery,
        response: { 200: Envelope(Type.Array(Symptom)), ...errorReplies({ 404: ['doctor_not_found'] }) },
      },
    },
    async (request) =>
      ok(
        await forDoctor(request, request.query.doctorId, (sql) =>
          symptomsByDoctor(sql, lang(request), request.query.doctorId),
        ),
      ),
  );
};
