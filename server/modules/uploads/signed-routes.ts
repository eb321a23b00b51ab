import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../lib/api-error';
import { contentDisposition } from '../../lib/send-file';
import { type LocalDiskStorage, MAX_UPLOAD_BYTES } from '../../services/storage/index';

const Params = Type.Object({ tenant: Type.String({ maxLength: 30 }), '*': Type.String({ maxLength: 600 }) });

/**
 * The disk driver's presigned URLs (what S3 serves for the s3 driver): a raw-body PUT with the
 * signed Content-Type, and a GET with the signed type and Content-Disposition. A tampered,
 * foreign-tenant, other-key or expired signature answers 403, as S3 does. Register under
 * /api/v1 (`SIGNED_PATH`); the bytes are not checked here (`confirmUpload` checks on first use).
 */
export const signedUrlRoutes: FastifyPluginAsyncTypebox<{ storage: LocalDiskStorage }> = async (
  app,
  { storage },
) => {
  // Every body is raw bytes here, whatever its type says (JSON and text included).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const signed = (request: FastifyRequest, method: 'GET' | 'PUT') => {
    const params = request.params as { tenant: string; '*': string };
    let result;
    try {
      result = storage.verify(method, params.tenant, params['*'], request.query as Record<string, unknown>);
    } catch {
      result = 'forbidden' as const; // an unsafe tenant or key
    }
    if (typeof result === 'string') throw new ApiError(403, 'forbidden');
    return result;
  };
  const schema = { tags: ['uploads'], params: Params, hide: true };

  app.put(
    '/Storages/Signed/:tenant/*',
    { bodyLimit: MAX_UPLOAD_BYTES, config: { tenant: false }, schema },
    async (request, reply) => {
      const grant = signed(request, 'PUT');
      if (request.headers['content-type'] !== grant.contentType) throw new ApiError(403, 'forbidden');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await storage.put(grant.tenant, grant.key, body, grant.contentType);
      return reply.code(200).send();
    },
  );

  app.get('/Storages/Signed/:tenant/*', { config: { tenant: false }, schema }, async (request, reply) => {
    const grant = signed(request, 'GET');
    const file = await storage.get(grant.tenant, grant.key);
    if (!file) throw new ApiError(404, 'not_found');
    return reply
      .header('content-type', grant.contentType)
      .header('content-disposition', contentDisposition(grant.disposition!, grant.fileName!))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
};
