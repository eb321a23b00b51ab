import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { UploadUrlsRequest, UploadUrlsResponse } from '../../../schemas/discovery';
import { PRIVATE_UPLOAD_FOLDERS } from '../../../schemas/codes';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import {
  absoluteUrl,
  FILE_NAME,
  filePathOf,
  folderAccepts,
  grantUpload,
  incomingKey,
  LocalDiskStorage,
  MAX_UPLOAD_BYTES,
  readUpload,
  receiveUpload,
  UPLOAD_FOLDERS,
  UPLOAD_TTL_MINUTES,
  type Storage,
  type UploadFolder,
} from '../../services/storage/index';
import type { TenantRegistry } from '../../tenancy/registry';
import { signedUrlRoutes } from './signed-routes';

// Private folders (appointment attachments) are served only by their feature, to their owner.
const Folder = Type.Union(
  Object.keys(UPLOAD_FOLDERS)
    .filter((k) => !PRIVATE_UPLOAD_FOLDERS.includes(k))
    .map((k) => Type.Literal(k)),
);

/** The public origin of a request (scheme and host as the browser used them). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The spec's storage-details flow over the storage service: signed upload URLs (POST), then a
 * raw PUT of each file to its URL (single use, expiring), then the file is public at fileHttpUrl.
 * The PUT and GET URLs carry the tenant code, so they work from any host (an upload is often
 * sent without the app's headers). With the s3 driver the upload URL is a presigned S3 PUT (the
 * browser sends the bytes to the object store) and the bytes are checked on first use: the
 * public read below, or the feature that links the file (claimUploads, confirmUpload).
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  registry: TenantRegistry;
  storage: Storage;
}> = async (app, { db, registry, storage }) => {
  const tags = ['uploads'];
  // Raw bodies for the PUT: every type is read as bytes and judged by sniffing, not by header.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // The disk driver's presigned URLs are served here (S3 serves its own).
  if (storage instanceof LocalDiskStorage) await app.register(signedUrlRoutes, { storage });
  const tenantOf = (code: string) => {
    if (!registry.byCode.has(code)) throw new ApiError(404, 'upload_url_invalid');
    return code;
  };

  app.post(
    '/Storages/GetUploadUrls',
    {
      // Public folders (join forms) need no account; a private folder's URL is granted to the
      // signed-in caller only, and only they can link the file (claimUploads).
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Signed single-use upload URLs (PUT within 15 minutes) and the public URL of each file',
        body: UploadUrlsRequest,
        response: { 200: Envelope(UploadUrlsResponse) },
      },
    },
    async (request) => {
      const tenant = request.tenant.config.code;
      const files = request.body.files;
      if (files.some((f) => !folderAccepts(f.folderName as UploadFolder, f.fileType))) {
        throw new ApiError(400, 'invalid_request', ['invalid_file_type']);
      }
      const userId = request.auth?.userId ?? null;
      if (userId === null && files.some((f) => PRIVATE_UPLOAD_FOLDERS.includes(f.folderName))) {
        throw new ApiError(401, 'unauthorized');
      }
      const origin = originOf(request);
      const fileUploads = await db.tenant(tenant, async (sql) => {
        const out = [];
        for (const file of files) {
          const { token, fileKey } = await grantUpload(sql, {
            folder: file.folderName as UploadFolder,
            fileName: file.fileName,
            fileType: file.fileType,
            userId,
          });
          // An object store takes the bytes itself (presigned PUT, type signed, same expiry);
          // they are checked on first use (confirmUpload). Else this app's PUT route checks them.
          const uploadUrl = storage.directUploads
            ? absoluteUrl(
                await storage.presignPut(
                  tenant,
                  incomingKey(fileKey),
                  file.fileType,
                  UPLOAD_TTL_MINUTES * 60,
                ),
                origin,
              )
            : `${origin}/api/v1/Storages/Upload/${tenant}/${token}`;
          out.push({
            uploadUrl,
            fileHttpUrl: `${origin}${filePathOf(tenant, fileKey)}`,
          });
        }
        return out;
      });
      return ok({ fileUploads });
    },
  );

  app.put(
    '/Storages/Upload/:tenant/:token',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      config: { tenant: false },
      schema: {
        tags,
        summary: 'Receives one file for a signed upload URL (raw body)',
        params: Type.Object({
          tenant: Type.String({ maxLength: 30 }),
          token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
        }),
        response: { 200: Envelope(Type.Object({ fileHttpUrl: Type.String() })) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request.params.tenant);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const received = await db.tenant(tenant, async (sql) => {
        const result = await receiveUpload(sql, storage, tenant, request.params.token, body);
        // Thrown inside the transaction, so a refused file leaves its grant unclaimed.
        if ('error' in result) {
          throw result.error === 'upload_url_invalid'
            ? new ApiError(404, 'upload_url_invalid')
            : new ApiError(400, 'invalid_request', [result.error]);
        }
        return result;
      });
      return ok({ fileHttpUrl: `${originOf(request)}${filePathOf(tenant, received.fileKey)}` });
    },
  );

  app.get(
    '/Storages/Files/:tenant/:folder/:file',
    {
      config: { tenant: false },
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['upload_url_invalid'] }) },
        tags,
        summary: 'An uploaded file',
        params: Type.Object({
          tenant: Type.String({ maxLength: 30 }),
          folder: Folder,
          file: Type.String({ pattern: FILE_NAME.source }),
        }),
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request.params.tenant);
      const file = await readUpload(db, storage, tenant, `${request.params.folder}/${request.params.file}`);
      if (!file) throw new ApiError(404, 'not_found');
      if ('error' in file) throw new ApiError(400, 'invalid_request', [file.error]);
      // Served as an inert document: no script may run even if a PDF viewer or browser tries.
      return reply
        .header('content-type', file.contentType)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.bytes);
    },
  );
};
