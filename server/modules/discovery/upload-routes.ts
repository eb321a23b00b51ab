import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  UPLOAD_FOLDERS,
  UploadUrlsRequest,
  UploadUrlsResponse,
  type UploadFolder,
} from '../../../schemas/discovery';
import { Envelope } from '../../../schemas/envelope';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import type { TenantRegistry } from '../../tenancy/registry';
import {
  checkUpload,
  FILE_NAME,
  folderAccepts,
  hashToken,
  newFileKey,
  newUploadToken,
  readStoredFile,
  storeFile,
  UPLOAD_TTL_MINUTES,
} from './upload-storage';

const MAX_BODY = Math.max(...Object.values(UPLOAD_FOLDERS).map((f) => f.maxBytes));
const Folder = Type.Union(Object.keys(UPLOAD_FOLDERS).map((k) => Type.Literal(k)));

/** The public origin of a request (scheme and host as the browser used them). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The spec's storage-details flow: signed upload URLs (POST), then a raw PUT of each file to its
 * URL (single use, expiring), then the file is public at fileHttpUrl. The PUT and GET URLs carry
 * the tenant code, so they work from any host (an upload is often sent without the app's headers).
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  registry: TenantRegistry;
  dataDir: string;
}> = async (app, { db, registry, dataDir }) => {
  const tags = ['discovery'];
  // Raw bodies for the PUT: every type is read as bytes and judged by sniffing, not by header.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_request, body, done) =>
    done(null, body),
  );
  const tenantOf = (code: string) => {
    if (!registry.byCode.has(code)) throw new ApiError(404, 'upload_url_invalid');
    return code;
  };

  app.post(
    '/Storages/GetUploadUrls',
    {
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
      const origin = originOf(request);
      const fileUploads = await db.tenant(tenant, async (sql) => {
        const out = [];
        for (const file of files) {
          const { token, hash } = newUploadToken();
          const fileKey = newFileKey(file.folderName as UploadFolder, file.fileType);
          await sql.query(
            `INSERT INTO uploads (token_hash, folder, file_key, file_name, declared_type, expires_at)
             VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
            [hash, file.folderName, fileKey, file.fileName, file.fileType, UPLOAD_TTL_MINUTES],
          );
          out.push({
            uploadUrl: `${origin}/api/v1/Storages/Upload/${tenant}/${token}`,
            fileHttpUrl: `${origin}/api/v1/Storages/Files/${tenant}/${fileKey}`,
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
      bodyLimit: MAX_BODY,
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
      const fileKey = await db.tenant(tenant, async (sql) => {
        // Claiming the row first makes the URL single-use even under concurrent PUTs; a failure
        // below rolls the claim back with the transaction.
        const { rows } = await sql.query<{ folder: UploadFolder; file_key: string }>(
          `UPDATE uploads SET uploaded_at = now() WHERE token_hash = $1 AND uploaded_at IS NULL AND expires_at > now()
           RETURNING folder, file_key`,
          [hashToken(request.params.token)],
        );
        const row = rows[0];
        if (!row) throw new ApiError(404, 'upload_url_invalid');
        const checked = await checkUpload(row.folder, body);
        if ('error' in checked) throw new ApiError(400, 'invalid_request', [checked.error]);
        await sql.query('UPDATE uploads SET content_type = $2, size_bytes = $3 WHERE token_hash = $1', [
          hashToken(request.params.token),
          checked.type,
          body.length,
        ]);
        await storeFile(dataDir, tenant, row.file_key, body);
        return row.file_key;
      });
      return ok({ fileHttpUrl: `${originOf(request)}/api/v1/Storages/Files/${tenant}/${fileKey}` });
    },
  );

  app.get(
    '/Storages/Files/:tenant/:folder/:file',
    {
      config: { tenant: false },
      schema: {
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
      const fileKey = `${request.params.folder}/${request.params.file}`;
      const type = await db.tenant(tenant, async (sql) => {
        const { rows } = await sql.query<{ content_type: string }>(
          'SELECT content_type FROM uploads WHERE file_key = $1 AND uploaded_at IS NOT NULL',
          [fileKey],
        );
        return rows[0]?.content_type;
      });
      if (!type) throw new ApiError(404, 'not_found');
      const body = await readStoredFile(dataDir, tenant, fileKey);
      // Served as an inert document: no script may run even if a PDF viewer or browser tries.
      return reply
        .header('content-type', type)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );
};
