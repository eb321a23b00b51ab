import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  FeeGuaranteeIdParams,
  SIGNATURE_FIELD,
  SIGNATURE_MAX_BYTES,
  SignatureOutcome,
} from '../../../schemas/fee-guarantee';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { checkUpload, newFileKey } from '../../services/storage/index';
import { findFeeGuarantee, setStatus } from './repository';
import { assertSignable, notFound } from './service';
import { viewOf, type FeeGuaranteeOptions } from './view';

const refuse = (key: string) => new ApiError(400, key === 'invalid_request' ? 'invalid_request' : key, [key]);

/** The multipart parser's own refusals, as the contract's 400 keys. */
const MULTIPART_ERRORS: Record<string, string> = {
  FST_FILES_LIMIT: 'too_many_files',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_PARTS_LIMIT: 'invalid_request',
  FST_FIELDS_LIMIT: 'invalid_request',
  FST_PROTO_VIOLATION: 'invalid_request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'invalid_request',
  FST_MP_PREMATURE_CLOSE: 'invalid_request',
};

/**
 * Reads the one `Files` part of the body into memory (at most SIGNATURE_MAX_BYTES). Any other
 * part (a text field, a second file, a file under another name), a body that is not multipart or
 * no file at all is refused with a 400 key before anything is stored.
 */
async function readSignature(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== SIGNATURE_FIELD) throw refuse('invalid_request');
      if (bytes) throw refuse('too_many_files');
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const key = MULTIPART_ERRORS[(error as { code?: string }).code ?? ''];
    if (key) throw refuse(key);
    // Malformed multipart (busboy: "Unexpected end of form", bad boundary...).
    throw refuse('invalid_request');
  }
  if (!bytes || bytes.length === 0) throw refuse('signature_required');
  return bytes;
}

/**
 * POST /Appointments/SignatureHospitalBillCoverageConfirmForWeb/{id} (spec section 7; multipart,
 * `Files`): the patient's signature confirming an approved guarantee. The PNG is checked by its
 * bytes, stored under `Signatures/<uuid>.png` only once the request is known to be the caller's
 * and `approved` (row locked), and the status becomes `signed` in the same transaction; if that
 * transaction fails after the put, the object is deleted again.
 */
export const signatureRoutes: FastifyPluginAsyncTypebox<FeeGuaranteeOptions> = async (
  app,
  { db, storage },
) => {
  // Multipart only in this plugin's scope: no other route of the API accepts it.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: SIGNATURE_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 2,
      fieldNameSize: 64,
      headerPairs: 20,
    },
  });

  app.post(
    '/Appointments/SignatureHospitalBillCoverageConfirmForWeb/:id',
    {
      config: { auth: true, feature: 'hospitalFeeGuarantee' },
      schema: {
        tags: ['fee-guarantee'],
        security: [{ bearer: [] }],
        summary:
          'Signs an approved fee guarantee request: multipart/form-data with one PNG part "Files" (≤ 2 MB)',
        consumes: ['multipart/form-data'],
        params: FeeGuaranteeIdParams,
        response: {
          200: Envelope(SignatureOutcome),
          ...errorReplies({
            404: ['fee_guarantee_not_found'],
            409: ['fee_guarantee_already_signed', 'fee_guarantee_not_approved'],
          }),
        },
      },
    },
    async (request) => {
      const tenant = request.tenant.config.code;
      const userId = request.auth!.userId;
      const id = request.params.id;
      // Another user's or tenant's id, or a request not ready to sign: refused before the body.
      assertSignable(await db.tenant(tenant, (sql) => findFeeGuarantee(sql, userId, id)));
      const bytes = await readSignature(request);
      const checked = await checkUpload('Signatures', bytes);
      if ('error' in checked) throw refuse(checked.error);
      const key = newFileKey('Signatures', 'image/png');
      let stored = false;
      try {
        const row = await db.tenant(tenant, async (sql) => {
          assertSignable(await findFeeGuarantee(sql, userId, id, true));
          await storage.put(tenant, key, bytes, 'image/png');
          stored = true;
          const done = await setStatus(sql, id, 'approved', 'signed', {
            signatureFileKey: key,
            signerIp: request.ip,
          });
          if (!done) throw new ApiError(409, 'fee_guarantee_not_approved');
          const signed = await findFeeGuarantee(sql, userId, id);
          if (!signed) throw notFound();
          return signed;
        });
        return ok({ success: true, feeGuarantee: viewOf(request, row) });
      } catch (error) {
        if (stored) await storage.delete(tenant, key).catch(() => undefined);
        throw error;
      }
    },
  );
};
