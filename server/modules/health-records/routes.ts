import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import {
  CreateHealthRecordRequest,
  DeletedHealthRecord,
  FileQuery,
  HEALTH_RECORD_MAX_FILES,
  HealthRecord,
  HealthRecordListQuery,
  HealthRecordPage,
  IdQuery,
  RecordParams,
  UserIdParams,
} from '../../../schemas/health-records';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { sendPrivateFile } from '../../lib/send-file';
import { claimUploads, type Storage } from '../../services/storage/index';
import { addDays, startOfLocalDay } from '../../../schemas/time';
import { bookingClock, dateFilterRange } from '../appointments/index';
import { loadBookablePatient } from '../patients/index';
import { logDataAccess, requireHealthDataConsent, selfActor } from '../personal-data/index';
import { eraseFiles, originOf } from './files';
import {
  deleteFile,
  deleteRecord,
  filesOf,
  findOwnedFile,
  findRecord,
  insertRecord,
  listRecords,
} from './repository';
import { recordOf } from './view';

export interface HealthRecordsOptions {
  db: Database;
  storage: Storage;
}

const NOT_FOUND = 'health_record_not_found';

/**
 * The signed-in user's health records (spec section 7: Users/*HealthRecord*): create with files
 * uploaded to the private 'HealthRecords' folder, list with the spec's filters, read one, stream a
 * file, delete a file or a record. Every read of a record's contents or a file is logged in the
 * same transaction, with the record's title (personal data access log); the list is not (it is
 * what the booking page and the records page show on every visit).
 */
export const healthRecordsRoutes: FastifyPluginAsyncTypebox<HealthRecordsOptions> = async (
  app,
  { db, storage },
) => {
  const tags = ['health-records'];
  const config = { auth: true } as const;
  const security = [{ bearer: [] }];
  const userOf = (request: FastifyRequest) => request.auth!.userId;
  const inTenant = <T>(request: FastifyRequest, fn: (sql: Sql) => Promise<T>) =>
    db.tenant(request.tenant.config.code, fn);
  const log = (
    request: FastifyRequest,
    sql: Sql,
    entry: Omit<Parameters<typeof logDataAccess>[1], 'actor' | 'userId'>,
  ) =>
    logDataAccess(sql, {
      ...entry,
      userId: userOf(request),
      actor: selfActor(userOf(request)),
      ip: request.ip,
    });

  /** One of the caller's records with its files (null when it is not theirs). */
  const loadRecord = async (request: FastifyRequest, sql: Sql, recordId: number) => {
    const row = await findRecord(sql, userOf(request), recordId);
    return row ? recordOf(originOf(request), row, await filesOf(sql, [recordId])) : null;
  };

  app.post(
    '/Users/CreateUserHealthRecord',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          "Adds a health record of the caller or a family member with 1 to 5 files uploaded to 'HealthRecords' (consent required)",
        body: CreateHealthRecordRequest,
        response: {
          200: Envelope(HealthRecord),
          ...errorReplies({ 403: ['consent_required'], 404: ['health_record_not_found'] }),
        },
      },
    },
    async (request) => {
      const userId = userOf(request);
      const body = request.body;
      if (body.userId !== undefined && body.userId !== userId) throw new ApiError(404, NOT_FOUND);
      const tenant = request.tenant.config;
      const record = await inTenant(request, async (sql) => {
        await requireHealthDataConsent(sql, userId, tenant);
        const patient = await loadBookablePatient(sql, userId, body.patientId);
        if (!patient) throw new ApiError(404, 'patient_not_found');
        const files = await claimUploads(sql, storage, {
          fileUrls: body.files.map((f) => f.fileHttpUrl),
          folder: 'HealthRecords',
          userId,
          tenant: tenant.code,
          maxFiles: HEALTH_RECORD_MAX_FILES,
        });
        // Thrown inside the transaction: no record, no file row and no claimed upload remain.
        if ('error' in files) throw new ApiError(400, 'invalid_request', [files.error]);
        const id = await insertRecord(
          sql,
          {
            userId,
            patientId: body.patientId,
            recordName: body.recordName.trim(),
            remark: body.remark.trim(),
            recordType: body.healthRecordType,
          },
          files,
        );
        return loadRecord(request, sql, id);
      });
      return ok(record!);
    },
  );

  app.get(
    '/Users/GetUserHealthRecords/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The caller's health records, newest first (duration, HealthRecordType, patientId, paging)",
        params: UserIdParams,
        querystring: HealthRecordListQuery,
        response: { 200: Envelope(HealthRecordPage), ...errorReplies({ 404: ['health_record_not_found'] }) },
      },
    },
    async (request) => {
      const userId = userOf(request);
      if (request.params.id !== userId) throw new ApiError(404, NOT_FOUND);
      const { PageNumber = 1, PageSize = 15, duration = 'all', HealthRecordType, patientId } = request.query;
      const timeZone = request.tenant.config.booking.timeZone;
      const days = dateFilterRange(duration, timeZone, bookingClock.now());
      const range = days
        ? { from: startOfLocalDay(days.from, timeZone), to: startOfLocalDay(addDays(days.to, 1), timeZone) }
        : null;
      const page = await inTenant(request, async (sql) => {
        const found = await listRecords(sql, userId, {
          recordType: HealthRecordType,
          patientId,
          range,
          pageNumber: PageNumber,
          pageSize: PageSize,
        });
        const files = await filesOf(
          sql,
          found.rows.map((r) => r.health_record_id),
        );
        return { records: found.rows.map((r) => recordOf(originOf(request), r, files)), total: found.total };
      });
      return ok({
        userHealthRecords: page.records,
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.total },
      });
    },
  );

  app.get(
    '/Users/GetUserHealthRecord/:a/:b',
    {
      config,
      schema: {
        tags,
        security,
        summary: "One of the caller's health records with its files (a = the caller's userId, b = recordId)",
        params: RecordParams,
        response: { 200: Envelope(HealthRecord), ...errorReplies({ 404: ['health_record_not_found'] }) },
      },
    },
    async (request) => {
      if (request.params.a !== userOf(request)) throw new ApiError(404, NOT_FOUND);
      const record = await inTenant(request, async (sql) => {
        const found = await loadRecord(request, sql, request.params.b);
        if (!found) return null;
        await log(request, sql, {
          action: 'view',
          resource: 'health_record',
          resourceId: found.healthRecordId,
          resourceLabel: found.recordName,
          patientId: found.patientId,
        });
        return found;
      });
      if (!record) throw new ApiError(404, NOT_FOUND);
      return ok(record);
    },
  );

  app.get(
    '/Users/ViewFileHeathRecord',
    {
      config,
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['health_record_not_found'] }) },
        tags,
        security,
        summary: "A file of one of the caller's health records (inline; download=true: as an attachment)",
        querystring: FileQuery,
      },
    },
    async (request, reply) => {
      const download = request.query.download === true;
      const file = await inTenant(request, async (sql) => {
        const row = await findOwnedFile(sql, userOf(request), request.query.id);
        if (!row) return null;
        await log(request, sql, {
          action: download ? 'download' : 'view',
          resource: 'health_record_file',
          resourceId: Number(row.file_id),
          resourceLabel: row.record_name,
          patientId: row.patient_id,
        });
        return row;
      });
      const stored = file ? await storage.get(request.tenant.config.code, file.file_key) : null;
      if (!file || !stored) throw new ApiError(404, NOT_FOUND);
      return sendPrivateFile(reply, stored, file.file_name, download ? 'attachment' : 'inline');
    },
  );

  app.delete(
    '/Users/DeleteUserHealthRecord',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Deletes one of the caller's health records, its files and its sharing with appointments",
        querystring: IdQuery,
        response: {
          200: Envelope(DeletedHealthRecord),
          ...errorReplies({ 404: ['health_record_not_found'] }),
        },
      },
    },
    async (request) => {
      const keys = await inTenant(request, (sql) => deleteRecord(sql, userOf(request), request.query.id));
      if (!keys) throw new ApiError(404, NOT_FOUND);
      await eraseFiles(storage, request.tenant.config.code, keys, request.log);
      return ok({ healthRecordId: request.query.id });
    },
  );

  app.delete(
    '/Users/DeleteUserHealthRecordFile',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          "Deletes one file of one of the caller's records (not the last one: 409 health_record_last_file)",
        querystring: IdQuery,
        response: {
          200: Envelope(HealthRecord),
          ...errorReplies({ 404: ['health_record_not_found'], 409: ['health_record_last_file'] }),
        },
      },
    },
    async (request) => {
      const { outcome, record } = await inTenant(request, async (sql) => {
        const outcome = await deleteFile(sql, userOf(request), request.query.id);
        if (typeof outcome === 'string') return { outcome, record: null };
        return { outcome, record: await loadRecord(request, sql, outcome.recordId) };
      });
      if (outcome === 'not_found') throw new ApiError(404, NOT_FOUND);
      if (outcome === 'last_file') throw new ApiError(409, 'health_record_last_file');
      await eraseFiles(storage, request.tenant.config.code, [outcome.fileKey], request.log);
      return ok(record!);
    },
  );
};
