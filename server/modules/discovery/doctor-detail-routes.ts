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
  ScheduleDay,
  ScheduleQuery,
} from '../../../schemas/discovery';
import { Envelope, errorReplies, PagingQuery } from '../../../schemas/envelope';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { dataChanged } from '../../lib/response-cache';
import { enabledFeatures } from '../catalogue/index';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { basePrice, bookingClock, bookingWindow, expireDoctorHolds } from '../appointments/index';
import {
  doctorExists,
  doctorHospitals,
  doctorNames,
  hospitalNames,
  symptomsByDoctor,
} from './doctor-extras-repository';
import { doctorFeedbacks } from './feedback-repository';
import { doctorHealthPrograms, doctorPromoCodes, healthProgramChildren } from './offers-repository';
import { hasLapsedHolds, scheduleSlots } from './schedule-repository';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IdParams = Type.Object({ id: Id });
const DoctorQuery = Type.Object({ doctorId: Id, ...LanguageIdQuery });

/** The doctor detail page's side calls: hospitals, price, reviews, offers, programs, schedule. */
export const doctorDetailRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['discovery'];
  const lang = (request: FastifyRequest) =>
    replyLanguage(request, queryLanguageId(request.query as { languageId?: number; LanguageId?: number }));
  /**
   * Runs fn in the tenant after checking that the doctor is an approved doctor of the tenant:
   * public reads, on the read replica when there is one (`tenantRead`), else in `tenant`.
   */
  const forDoctor = <T>(
    request: FastifyRequest,
    doctorId: number,
    fn: (sql: Sql) => Promise<unknown>,
    run: Database['tenant'] = (tenant, read) => db.tenantRead(tenant, read),
  ) =>
    run(request.tenant.config.code, async (sql) => {
      if (!(await doctorExists(sql, doctorId))) throw new ApiError(404, 'doctor_not_found');
      return (await fn(sql)) as T;
    });

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
    '/Appointments/GetDoctorScheduleTimingSlots',
    {
      schema: {
        tags,
        summary:
          "Free slots by local day and Morning 0 / AfterNoon 1 / Evening 2 in the tenant's booking time zone",
        querystring: ScheduleQuery,
        response: { 200: Envelope(Type.Array(ScheduleDay)), ...errorReplies({ 404: ['doctor_not_found'] }) },
      },
    },
    async (request) => {
      // Days, groups, the same-day cut-off and maxDaysAhead follow the hospital's zone (tenant
      // booking settings), not the visitor's; lapsed payment holds are released first.
      const now = bookingClock.now();
      const window = bookingWindow(now, request.tenant.config.booking);
      const { doctorId, fromDate = window.today, days = 7 } = request.query;
      type Schedule = Awaited<ReturnType<typeof scheduleSlots>>;
      // For display, from the read replica when there is one; only a doctor with a lapsed hold
      // needs a write (releasing it), and that one is read again on the primary. Booking itself
      // re-checks the slot on the primary, in its own transaction (MakeAppointment).
      const fromReplica = await forDoctor<Schedule | null>(request, doctorId, async (sql) =>
        (await hasLapsedHolds(sql, now, doctorId))
          ? null
          : scheduleSlots(sql, doctorId, fromDate, days, window, now),
      );
      let released = 0;
      const schedule =
        fromReplica ??
        (await forDoctor<Schedule>(
          request,
          doctorId,
          async (sql) => {
            released = (await expireDoctorHolds(sql, now, doctorId)).length;
            return scheduleSlots(sql, doctorId, fromDate, days, window, now);
          },
          (tenant, write) => db.tenant(tenant, write),
        ));
      // Released holds changed availability (the doctor list's next free slot).
      if (released > 0) await dataChanged(request.tenant.config.code);
      return ok(schedule);
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
