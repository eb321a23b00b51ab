import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CareAppointmentDetail,
  CareAppointmentList,
  CareCancelRequest,
  CareCompleteRequest,
  CareMe,
  CarePresence,
  CarePresenceRequest,
  CareScope,
} from '../../../schemas/care';
import { Envelope, errorReplies, FileReply, PagingQuery } from '../../../schemas/envelope';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { withoutCareActor } from '../../lib/care-actor';
import { ok } from '../../lib/envelope';
import { dataChanged } from '../../lib/response-cache';
import { sendPrivateFile } from '../../lib/send-file';
import type { PaymentService } from '../../services/payments/index';
import type { Storage } from '../../services/storage/index';
import { bookingClock, cancelAppointmentBy, completeAppointment, markNoShow } from '../appointments/index';
import { careAppointment, sharedFileForCare, type CareReader } from '../health-records/index';
import { rewardReferralOnCompletion } from '../promotions/index';
import { logDataAccess } from '../personal-data/index';
import { declareErrors } from '../../plugins/openapi-contract';
import { careTransaction, type CareActor } from './care-transaction';
import { readPresence, setPresence } from './presence';
import { careAttachment, listCareAppointments, loadCareDetail } from './workspace-repository';

export interface CareRoutesOptions {
  db: Database;
  payments: PaymentService;
  storage: Storage;
}

const BigId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  'x-message': 'appointment_error',
});
const IdParams = Type.Object({ id: BigId });
const readerOf = (actor: CareActor): CareReader => ({
  kind: actor.role,
  userId: actor.userId,
  label: actor.label,
});

/**
 * The care workspace API (contract at the top of schemas/care.ts). Every route: a signed-in care
 * account of the tenant, one care transaction (row-level security narrowed to the actor). Writes
 * reuse the appointments module's service functions, the same ones the operator commands run.
 */
export const careRoutes: FastifyPluginAsyncTypebox<CareRoutesOptions> = async (
  app,
  { db, payments, storage },
) => {
  const tags = ['care'];
  const auth = { auth: true } as const;
  // Every route runs in careTransaction: a caller without a care account is refused so.
  declareErrors(app, { 403: ['care_forbidden', 'care_doctor_only'] });
  const care = <T>(request: FastifyRequest, fn: (sql: Sql, actor: CareActor) => Promise<T>) =>
    careTransaction(db, request.tenant.config.code, request.auth!.userId, fn);
  const detail = (request: FastifyRequest, sql: Sql, actor: CareActor, appointmentId: number) =>
    loadCareDetail(sql, request.tenant.config, {
      appointmentId,
      reader: readerOf(actor),
      lang: request.lang,
      now: bookingClock.now(),
    });
  const found = <T>(value: T | null): T => {
    if (value === null) throw new ApiError(404, 'appointment_error');
    return value;
  };

  app.get(
    '/Care/Me',
    {
      config: auth,
      schema: { tags, summary: 'The signed-in care account', response: { 200: Envelope(CareMe) } },
    },
    async (request) =>
      ok(
        await care(request, async (_sql, actor) => ({
          userId: actor.userId,
          role: actor.role,
          label: actor.label,
          doctorId: actor.doctorId,
          hospitalId: actor.hospitalId,
          timeZone: request.tenant.config.booking.timeZone,
        })),
      ),
  );

  app.get(
    '/Care/Appointments',
    {
      config: auth,
      schema: {
        tags,
        summary: "The doctor's (or hospital's) appointments of today, upcoming or past",
        querystring: Type.Object({ scope: Type.Optional(CareScope), ...PagingQuery }),
        response: { 200: Envelope(CareAppointmentList) },
      },
    },
    async (request) =>
      ok(
        await care(request, (sql) =>
          listCareAppointments(sql, request.tenant.config, {
            scope: request.query.scope ?? 'today',
            pageNumber: request.query.PageNumber ?? 1,
            pageSize: request.query.PageSize ?? 15,
            lang: request.lang,
            now: bookingClock.now(),
          }),
        ),
      ),
  );

  app.get(
    '/Care/Appointments/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: 'One appointment with shared records (reads logged for the patient) and shared notes',
        params: IdParams,
        response: { 200: Envelope(CareAppointmentDetail), ...errorReplies({ 404: ['not_found'] }) },
      },
    },
    async (request) =>
      ok(found(await care(request, (sql, actor) => detail(request, sql, actor, request.params.id)))),
  );

  app.get(
    '/Care/Appointments/:id/HealthRecordFiles/:fileId',
    {
      config: auth,
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['not_found'] }) },
        tags,
        summary: 'A file of a record shared with the appointment (logged)',
        params: Type.Object({ id: BigId, fileId: BigId }),
      },
    },
    async (request, reply) => {
      const tenant = request.tenant.config.code;
      const file = await care(request, async (sql, actor) => {
        const a = await careAppointment(sql, request.params.id);
        return a ? sharedFileForCare(sql, a, request.params.fileId, readerOf(actor)) : null;
      });
      const stored = file ? await storage.get(tenant, file.file_key) : null;
      if (!file || !stored) throw new ApiError(404, 'appointment_error');
      return sendPrivateFile(reply, stored, file.file_name);
    },
  );

  app.get(
    '/Care/Appointments/:id/Attachments/:attachmentId',
    {
      config: auth,
      schema: {
        tags,
        summary: 'An attachment of the appointment (logged)',
        params: Type.Object({ id: BigId, attachmentId: BigId }),
      },
    },
    async (request, reply) => {
      const tenant = request.tenant.config.code;
      const row = await care(request, async (sql, actor) => {
        const x = await careAttachment(sql, request.params.id, request.params.attachmentId);
        if (x)
          await logDataAccess(sql, {
            userId: x.user_id,
            patientId: x.patient_id,
            actor: readerOf(actor),
            action: 'download',
            resource: 'appointment_attachment',
            resourceId: request.params.attachmentId,
            appointmentId: request.params.id,
          });
        return x;
      });
      const stored = row ? await storage.get(tenant, row.file_key) : null;
      if (!row || !stored) throw new ApiError(404, 'appointment_error');
      return sendPrivateFile(reply, stored, row.file_name);
    },
  );

  app.post(
    '/Care/Appointments/:id/Complete',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Completes the appointment with the consultation note, diagnosis, advice and prescription',
        params: IdParams,
        body: CareCompleteRequest,
        response: {
          200: Envelope(CareAppointmentDetail),
          ...errorReplies({ 409: ['appointment_not_active'] }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const now = bookingClock.now();
      const result = await care(request, async (sql, actor) => {
        const outcome = await completeAppointment(sql, request.params.id, {
          diagnosis: body.diagnosis.trim(),
          note: body.note.trim(),
          advice: body.advice?.trim() ?? '',
          prescription: (body.prescription ?? []).map((p) => ({ ...p, name: p.name.trim() })),
          now,
        });
        if (outcome === 'not_found') throw new ApiError(404, 'appointment_error');
        if (outcome === 'not_active') throw new ApiError(409, 'appointment_not_active');
        // Refer and earn: an invited patient's first paid consultation rewards both wallets.
        await rewardReferralOnCompletion(sql, request.tenant.config, {
          appointmentId: request.params.id,
          now,
        });
        return detail(request, sql, actor, request.params.id);
      });
      return ok(found(result));
    },
  );

  app.post(
    '/Care/Appointments/:id/Cancel',
    {
      config: auth,
      schema: {
        tags,
        summary:
          'Cancels as the doctor (doctor accounts) or the hospital (staff); refunds by the tenant rule',
        params: IdParams,
        body: CareCancelRequest,
        response: {
          200: Envelope(CareAppointmentDetail),
          ...errorReplies({ 409: ['appointment_not_active'], 502: ['refund_failed'] }),
        },
      },
    },
    async (request) => {
      const tenant = request.tenant.config;
      const result = await care(request, async (sql, actor) => {
        const exists = await careAppointment(sql, request.params.id);
        if (!exists) throw new ApiError(404, 'appointment_error');
        // The actor may act on it (read through the care scope above); the cancel itself also
        // tells the patient, whose account the care scope hides from the actor: run as the system.
        const cancelled = await withoutCareActor(sql, () =>
          cancelAppointmentBy(sql, tenant, request.params.id, actor.role, request.body.reason.trim(), {
            remark: request.body.remark?.trim() ?? '',
            now: bookingClock.now(),
            payments,
          }),
        );
        if (!cancelled) throw new ApiError(409, 'appointment_not_active');
        return detail(request, sql, actor, request.params.id);
      });
      // The freed slot shows in the public lists at once.
      const cancelled = found(result);
      await dataChanged(tenant.code, 'availability', [cancelled.doctorId]);
      return ok(cancelled);
    },
  );

  app.post(
    '/Care/Appointments/:id/NoShow',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Marks that the patient did not come (after the start)',
        params: IdParams,
        response: {
          200: Envelope(CareAppointmentDetail),
          ...errorReplies({ 409: ['appointment_not_active', 'no_show_too_early'] }),
        },
      },
    },
    async (request) => {
      const result = await care(request, async (sql, actor) => {
        const outcome = await markNoShow(sql, request.params.id, bookingClock.now());
        if (outcome === 'not_found') throw new ApiError(404, 'appointment_error');
        if (outcome === 'not_active') throw new ApiError(409, 'appointment_not_active');
        if (outcome === 'too_early') throw new ApiError(409, 'no_show_too_early');
        return detail(request, sql, actor, request.params.id);
      });
      return ok(found(result));
    },
  );

  const doctorOnly = (actor: CareActor) => {
    if (actor.role !== 'doctor') throw new ApiError(403, 'care_doctor_only');
  };

  app.get(
    '/Care/Presence',
    {
      config: auth,
      schema: {
        tags,
        summary: "The doctor's direct-call availability",
        response: { 200: Envelope(CarePresence) },
      },
    },
    async (request) =>
      ok(
        await care(request, (sql, actor) => {
          doctorOnly(actor);
          return readPresence(sql, actor.userId, bookingClock.now());
        }),
      ),
  );

  app.post(
    '/Care/Presence',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Online (a heartbeat: repeat within the TTL) or away',
        body: CarePresenceRequest,
        response: { 200: Envelope(CarePresence) },
      },
    },
    async (request) =>
      ok(
        await care(request, (sql, actor) => {
          doctorOnly(actor);
          return setPresence(sql, actor, request.body.status, bookingClock.now());
        }),
      ),
  );
};
