import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AddAttachmentsRequest, AppointmentIdQuery, Attachment } from '../../../schemas/appointments';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { sendPrivateFile } from '../../lib/send-file';
import { confirmUpload, createStorage, fileKeyFromUrl } from '../../services/storage/index';
import {
  addAttachments,
  listAttachments,
  ownedAppointment,
  ownedAttachment,
  type AttachmentRow,
} from './care-repository';
import type { AppointmentsOptions } from './options';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** The public origin of a request (scheme and host as the browser used them). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Files attached to the caller's appointments: list, attach uploads of the private 'Attachments'
 * folder, and download (owner only, never a public path). Another user's or tenant's id: 404.
 */
export const attachmentRoutes: FastifyPluginAsyncTypebox<AppointmentsOptions> = async (
  app,
  { db, env, storage: given },
) => {
  const tags = ['appointments'];
  const storage = given ?? createStorage(env);
  const auth = { auth: true } as const;
  const userOf = (request: FastifyRequest) => request.auth!.userId;
  const tenantOf = (request: FastifyRequest) => request.tenant.config;
  const inTenant = <T>(request: FastifyRequest, fn: Parameters<typeof db.tenant<T>>[1]) =>
    db.tenant(tenantOf(request).code, fn);
  const attachmentOf = (request: FastifyRequest, r: AttachmentRow) => ({
    attachmentId: Number(r.attachment_id),
    fileName: r.file_name,
    contentType: r.content_type,
    sizeBytes: Number(r.size_bytes),
    fileHttpUrl: `${originOf(request)}/api/v1/Appointments/Attachments/${Number(r.attachment_id)}/file`,
    createdAt: new Date(r.created_at).toISOString(),
  });

  app.get(
    '/Appointments/GetAttachments',
    {
      config: auth,
      schema: {
        tags,
        summary: "Files attached to one of the caller's appointments",
        querystring: AppointmentIdQuery,
        response: { 200: Envelope(Type.Array(Attachment)), ...errorReplies({ 404: ['appointment_error'] }) },
      },
    },
    async (request) => {
      const rows = await inTenant(request, async (sql) => {
        const a = await ownedAppointment(sql, userOf(request), request.query.appointmentId);
        return listAttachments(sql, a.appointment_id);
      });
      return ok(rows.map((r) => attachmentOf(request, r)));
    },
  );

  app.post(
    '/Appointments/AddAttachments',
    {
      config: auth,
      schema: {
        tags,
        summary:
          "Attaches files uploaded to the 'Attachments' folder (POST /Storages/GetUploadUrls, then PUT) to one of the caller's appointments; at most 5",
        body: AddAttachmentsRequest,
        response: { 200: Envelope(Type.Array(Attachment)), ...errorReplies({ 404: ['appointment_error'] }) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request).code;
      const keys = request.body.files.map((f) => fileKeyFromUrl(f.fileHttpUrl.trim(), tenant));
      const rows = await inTenant(request, async (sql) => {
        const a = await ownedAppointment(sql, userOf(request), request.body.appointmentId, true);
        if (keys.some((k) => k === null || !k.startsWith('Attachments/'))) {
          throw new ApiError(400, 'attachment_file_error', ['attachment_file_error']);
        }
        // With the s3 driver the bytes went straight to the store: checked here, on first use.
        for (const key of keys as string[]) {
          const state = await confirmUpload(sql, storage, tenant, key, {
            folder: 'Attachments',
            userId: userOf(request),
          });
          if (state === 'file_too_large' || state === 'invalid_file_type') {
            throw new ApiError(400, 'attachment_file_error', [state]);
          }
        }
        await addAttachments(sql, a.appointment_id, keys as string[], userOf(request));
        return listAttachments(sql, a.appointment_id);
      });
      return ok(rows.map((r) => attachmentOf(request, r)));
    },
  );

  app.get(
    '/Appointments/Attachments/:id/file',
    {
      config: auth,
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['attachment_file_error'] }) },
        tags,
        summary: "An attachment's file, for the appointment's owner only (bearer token)",
        params: IdParams,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request).code;
      const row = await inTenant(request, (sql) => ownedAttachment(sql, userOf(request), request.params.id));
      const file = row ? await storage.get(tenant, row.file_key) : null;
      if (!row || !file) throw new ApiError(404, 'attachment_file_error');
      return sendPrivateFile(reply, file, row.file_name);
    },
  );
};
