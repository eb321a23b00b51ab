import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AppointmentDetail,
  AppointmentIdBody,
  AppointmentList,
  AppointmentListQuery,
  CheckTimeResult,
  Consultation,
  Invoice,
  Review,
  ReviewRequest,
  UserFeedbacks,
} from '../../../schemas/appointments';
import { PAST_CONSULTATION_PAGE_SIZE } from '../../../schemas/codes';
import { Envelope, errorReplies, FileReply, PagingQuery } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { dataChanged } from '../../lib/response-cache';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { listAppointments, loadAppointmentDetail } from './appointment-view';
import {
  addReview,
  checkTimeState,
  listConsultations,
  ownedAppointment,
  releaseInvoice,
  userFeedbacks,
} from './care-repository';
import { bookingClock } from './clock';
import { renderReceipt } from './receipt-pdf';
import type { AppointmentsOptions } from './options';

const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const IdParams = Type.Object({ id: BigId });
/** Spec: GetAppointment/{id}?timeZoneOffset=&languageId= (times are UTC instants; the offset is not needed). */
const DetailQuery = Type.Object({
  timeZoneOffset: Type.Optional(Type.Integer({ minimum: -900, maximum: 900 })),
  ...LanguageIdQuery,
});

/** The public origin of a request (scheme and host as the browser used them). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * After-care (contract in schemas/appointments.ts): the caller's appointment lists and
 * detail, the join-time check, attachments, consultation notes and prescriptions, reviews,
 * invoices and the PDF receipt. Every route needs a signed-in user and reads only the caller's
 * appointments: another user's or another tenant's id answers 404 appointment_error.
 */
export const careRoutes: FastifyPluginAsyncTypebox<AppointmentsOptions> = async (app, { db }) => {
  const tags = ['appointments'];
  const auth = { auth: true } as const;
  const userOf = (request: FastifyRequest) => request.auth!.userId;
  const tenantOf = (request: FastifyRequest) => request.tenant.config;
  const lang = (request: FastifyRequest) =>
    replyLanguage(
      request,
      queryLanguageId((request.query ?? {}) as { languageId?: number; LanguageId?: number }),
    );
  const inTenant = <T>(request: FastifyRequest, fn: Parameters<typeof db.tenant<T>>[1]) =>
    db.tenant(tenantOf(request).code, fn);

  app.get(
    '/Appointments/GetAllAppointments',
    {
      config: auth,
      schema: {
        tags,
        summary: "The caller's appointments: type 2 Upcoming (soonest first), 1 Past (newest first)",
        querystring: Type.Object({ ...AppointmentListQuery.properties, ...LanguageIdQuery }),
        response: { 200: Envelope(AppointmentList) },
      },
    },
    async (request) => {
      const q = request.query;
      const list = await inTenant(request, (sql) =>
        listAppointments(
          sql,
          tenantOf(request),
          userOf(request),
          {
            type: q.type === 1 ? 1 : 2,
            duration: q.duration,
            pageNumber: q.PageNumber ?? 1,
            pageSize: q.PageSize ?? 15,
          },
          lang(request),
          bookingClock.now(),
        ),
      );
      return ok(list);
    },
  );

  app.get(
    '/Appointments/GetListPassAppointment/list-pass-appointment',
    {
      config: auth,
      schema: {
        tags,
        summary: "The caller's completed appointments, newest first (page size 5): follow-up and review",
        querystring: Type.Object({
          userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
          ...LanguageIdQuery,
          PageNumber: PagingQuery.PageNumber,
          PageSize: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 100,
              default: PAST_CONSULTATION_PAGE_SIZE,
              'x-message': 'invalid_page_size',
            }),
          ),
        }),
        response: { 200: Envelope(AppointmentList) },
      },
    },
    async (request) => {
      const q = request.query;
      const list = await inTenant(request, (sql) =>
        listAppointments(
          sql,
          tenantOf(request),
          userOf(request),
          {
            completedOnly: true,
            pageNumber: q.PageNumber ?? 1,
            pageSize: q.PageSize ?? PAST_CONSULTATION_PAGE_SIZE,
          },
          lang(request),
          bookingClock.now(),
        ),
      );
      return ok(list);
    },
  );

  app.get(
    '/Appointments/GetListPassAppointment/list-pass-shared-appointment',
    {
      config: auth,
      schema: {
        tags,
        summary:
          "The caller's completed appointments among ConsulationNoteAppointmentIds (comma-separated), or those shared with appointmentId, newest first (page size 5)",
        querystring: Type.Object({
          ConsulationNoteAppointmentIds: Type.Optional(
            Type.String({
              pattern: '^[0-9]{1,15}(,[0-9]{1,15}){0,49}$',
              'x-message': 'invalid_appointment_ids',
            }),
          ),
          appointmentId: Type.Optional(BigId),
          ...LanguageIdQuery,
          PageNumber: PagingQuery.PageNumber,
          PageSize: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 100,
              default: PAST_CONSULTATION_PAGE_SIZE,
              'x-message': 'invalid_page_size',
            }),
          ),
        }),
        response: { 200: Envelope(AppointmentList) },
      },
    },
    async (request) => {
      const q = request.query;
      const ids = q.ConsulationNoteAppointmentIds?.split(',').map(Number) ?? [];
      const list = await inTenant(request, (sql) =>
        listAppointments(
          sql,
          tenantOf(request),
          userOf(request),
          {
            completedOnly: true,
            ...(q.ConsulationNoteAppointmentIds !== undefined ? { onlyIds: ids } : {}),
            ...(q.appointmentId !== undefined ? { sharedWith: q.appointmentId } : {}),
            pageNumber: q.PageNumber ?? 1,
            pageSize: q.PageSize ?? PAST_CONSULTATION_PAGE_SIZE,
          },
          lang(request),
          bookingClock.now(),
        ),
      );
      return ok(list);
    },
  );

  app.get(
    '/Appointments/GetAppointment/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: "One of the caller's appointments",
        params: IdParams,
        querystring: DetailQuery,
        response: { 200: Envelope(AppointmentDetail), ...errorReplies({ 404: ['appointment_error'] }) },
      },
    },
    async (request) => {
      const detail = await inTenant(request, (sql) =>
        loadAppointmentDetail(
          sql,
          tenantOf(request),
          userOf(request),
          request.params.id,
          lang(request),
          bookingClock.now(),
        ),
      );
      if (!detail) throw new ApiError(404, 'appointment_error');
      return ok(detail);
    },
  );

  app.post(
    '/Appointments/CheckTimeAppointment',
    {
      config: auth,
      schema: {
        tags,
        summary:
          'Can the consultation be joined now: ok, not_yet_scheduled, appointment_ended, time_expired, booking_closed (window: 10 minutes before the start to the end)',
        body: AppointmentIdBody,
        response: { 200: Envelope(CheckTimeResult), ...errorReplies({ 404: ['appointment_error'] }) },
      },
    },
    async (request) => {
      const a = await inTenant(request, (sql) =>
        ownedAppointment(sql, userOf(request), request.body.appointmentId),
      );
      const { state, joinOpensAt } = checkTimeState(a, bookingClock.now());
      return ok({
        appointmentId: a.appointment_id,
        state,
        startsAt: new Date(a.starts_at).toISOString(),
        endsAt: new Date(a.ends_at).toISOString(),
        joinOpensAt: joinOpensAt.toISOString(),
      });
    },
  );

  app.get(
    '/Appointments/GetAllConsulationByAppointment/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: "Consultation notes and prescriptions of one of the caller's appointments",
        params: IdParams,
        response: {
          200: Envelope(Type.Array(Consultation)),
          ...errorReplies({ 404: ['appointment_error'] }),
        },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (sql) => {
          const a = await ownedAppointment(sql, userOf(request), request.params.id);
          return listConsultations(sql, a.appointment_id);
        }),
      ),
  );

  app.post(
    '/Appointments/AddAppointmentReview',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Reviews a completed appointment once (rating 1-5 and a comment); updates the doctor rating',
        body: ReviewRequest,
        response: {
          200: Envelope(Review),
          ...errorReplies({ 404: ['appointment_error'], 409: ['review_not_allowed', 'review_exists'] }),
        },
      },
    },
    async (request) => {
      const tenant = tenantOf(request).code;
      const review = await inTenant(request, (sql) =>
        addReview(sql, userOf(request), request.body, bookingClock.now()),
      ).catch((error: unknown) => {
        // Two concurrent reviews of one appointment: the unique appointment_id decides.
        if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'review_exists');
        throw error;
      });
      // The doctor page and lists show the new rating at once.
      await dataChanged(tenant);
      return ok(review);
    },
  );

  app.get(
    '/Appointments/GetUserFeedbacks',
    {
      config: auth,
      schema: {
        tags,
        summary: "The caller's reviews, newest first",
        querystring: Type.Object({ ...PagingQuery }),
        response: { 200: Envelope(UserFeedbacks) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (sql) =>
          userFeedbacks(sql, userOf(request), request.query.PageNumber ?? 1, request.query.PageSize ?? 15),
        ),
      ),
  );

  app.post(
    '/Appointments/ReleaseAppointmentInvoice/release-invoice',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Releases the invoice of a Booked or Completed appointment with a price (idempotent)',
        body: AppointmentIdBody,
        response: {
          200: Envelope(Invoice),
          ...errorReplies({ 404: ['appointment_error'], 409: ['invoice_not_allowed'] }),
        },
      },
    },
    async (request) => {
      const id = request.body.appointmentId;
      const invoice = await inTenant(request, (sql) =>
        releaseInvoice(sql, userOf(request), id, bookingClock.now()),
      );
      return ok({
        appointmentId: id,
        invoiceNumber: invoice.invoiceNumber,
        releasedAt: invoice.releasedAt.toISOString(),
        receiptUrl: `${originOf(request)}/api/v1/Appointments/Receipt/${id}`,
      });
    },
  );

  app.get(
    '/Appointments/Receipt/:id',
    {
      config: auth,
      schema: {
        response: {
          200: FileReply,
          ...errorReplies({ 404: ['appointment_error'], 503: ['receipt_unavailable'] }),
        },
        tags,
        summary: "PDF receipt of one of the caller's appointments (:id or :id.pdf)",
        params: Type.Object({
          id: Type.String({ pattern: '^[1-9][0-9]{0,14}(\\.pdf)?$', 'x-message': 'appointment_error' }),
        }),
        querystring: Type.Object(LanguageIdQuery),
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id.replace(/\.pdf$/, ''));
      const tenant = tenantOf(request);
      const language = lang(request);
      const now = bookingClock.now();
      const detail = await inTenant(request, (sql) =>
        loadAppointmentDetail(sql, tenant, userOf(request), id, language, now),
      );
      if (!detail) throw new ApiError(404, 'appointment_error');
      let pdf: Buffer;
      try {
        pdf = await renderReceipt({ tenant, lang: language, appointment: detail, now });
      } catch (error) {
        request.log.error({ err: error }, 'receipt rendering failed');
        throw new ApiError(503, 'receipt_unavailable');
      }
      const name = `receipt-${detail.appointmentNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
