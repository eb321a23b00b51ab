import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import { AppointmentQuery, FileQuery, SharedHealthData } from '../../../schemas/health-records';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { sendPrivateFile } from '../../lib/send-file';
import { logDataAccess, selfActor } from '../personal-data/index';
import { originOf } from './files';
import { filesOf, findOwnedAppointment, findOwnedResult, resultsOf, sharedRecords } from './repository';
import type { HealthRecordsOptions } from './routes';
import { recordOf, resultOf } from './view';

/**
 * The health data of one of the caller's appointments: the records they shared while booking and
 * the results the care side attached (operator command `health-records add-result`), and a
 * result's file (ViewFileHeathResult). Another user's or tenant's id: 404.
 */
export const healthResultRoutes: FastifyPluginAsyncTypebox<HealthRecordsOptions> = async (
  app,
  { db, storage },
) => {
  const tags = ['health-records'];
  const config = { auth: true } as const;
  const security = [{ bearer: [] }];
  const userOf = (request: FastifyRequest) => request.auth!.userId;
  const inTenant = <T>(request: FastifyRequest, fn: (sql: Sql) => Promise<T>) =>
    db.tenant(request.tenant.config.code, fn);

  app.get(
    '/Appointments/GetSharedHealthData',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The records shared with one of the caller's appointments and the results attached to it",
        querystring: AppointmentQuery,
        response: { 200: Envelope(SharedHealthData), ...errorReplies({ 404: ['appointment_error'] }) },
      },
    },
    async (request) => {
      const userId = userOf(request);
      const data = await inTenant(request, async (sql) => {
        const appointment = await findOwnedAppointment(sql, userId, request.query.appointmentId);
        if (!appointment) return null;
        const appointmentId = Number(appointment.appointment_id);
        const records = await sharedRecords(sql, appointmentId);
        const files = await filesOf(
          sql,
          records.map((r) => r.health_record_id),
        );
        const results = await resultsOf(sql, appointmentId);
        return {
          healthRecords: records.map((r) => recordOf(originOf(request), r, files)),
          results: results.map((r) => resultOf(originOf(request), r)),
        };
      });
      if (!data) throw new ApiError(404, 'appointment_error');
      return ok(data);
    },
  );

  app.get(
    '/Appointments/ViewFileHeathResult',
    {
      config,
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['health_result_not_found'] }) },
        tags,
        security,
        summary: "A result file the care side attached to one of the caller's appointments",
        querystring: FileQuery,
      },
    },
    async (request, reply) => {
      const userId = userOf(request);
      const download = request.query.download === true;
      const row = await inTenant(request, async (sql) => {
        const found = await findOwnedResult(sql, userId, request.query.id);
        if (!found) return null;
        await logDataAccess(sql, {
          userId,
          patientId: found.patient_id,
          actor: selfActor(userId),
          action: download ? 'download' : 'view',
          resource: 'health_result',
          resourceId: Number(found.result_id),
          resourceLabel: found.title,
          appointmentId: Number(found.appointment_id),
          ip: request.ip,
        });
        return found;
      });
      const stored = row ? await storage.get(request.tenant.config.code, row.file_key) : null;
      if (!row || !stored) throw new ApiError(404, 'health_result_not_found');
      return sendPrivateFile(reply, stored, row.file_name, download ? 'attachment' : 'inline');
    },
  );
};
