import { errorReplies, FileReply } from '../../../schemas/envelope';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FeeGuaranteeIdParams } from '../../../schemas/fee-guarantee';
import { ApiError } from '../../lib/api-error';
import { sendPrivateFile } from '../../lib/send-file';
import { logDataAccess, selfActor } from '../personal-data/index';
import { renderConfirmation } from './confirmation-pdf';
import { findFeeGuarantee } from './repository';
import { notFound } from './service';
import type { FeeGuaranteeOptions } from './view';

/**
 * GET /HospitalBillCoverages/GetConfirmationPdf/{id}: the signed confirmation as a PDF (request
 * facts, decision, signing time and the signature image), for the owner only and only once
 * signed (409 fee_guarantee_not_signed before). The read is logged as a download.
 */
export const confirmationRoutes: FastifyPluginAsyncTypebox<FeeGuaranteeOptions> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/HospitalBillCoverages/GetConfirmationPdf/:id',
    {
      config: { auth: true, feature: 'hospitalFeeGuarantee' },
      schema: {
        response: {
          200: FileReply,
          ...errorReplies({
            404: ['fee_guarantee_not_found'],
            409: ['fee_guarantee_not_signed'],
            503: ['confirmation_unavailable'],
          }),
        },
        tags: ['fee-guarantee'],
        security: [{ bearer: [] }],
        summary: "The signed confirmation of one of the caller's fee guarantees (PDF)",
        params: FeeGuaranteeIdParams,
      },
    },
    async (request, reply) => {
      const tenant = request.tenant.config;
      const userId = request.auth!.userId;
      const id = request.params.id;
      const row = await db.tenant(tenant.code, async (sql) => {
        const found = await findFeeGuarantee(sql, userId, id);
        if (!found) throw notFound();
        if (found.status !== 'signed' || !found.signature_file_key) {
          throw new ApiError(409, 'fee_guarantee_not_signed');
        }
        await logDataAccess(sql, {
          userId,
          patientId: found.patient_id,
          actor: selfActor(userId),
          action: 'download',
          resource: 'fee_guarantee',
          resourceId: id,
          appointmentId: found.appointment_id === null ? null : Number(found.appointment_id),
          ip: request.ip,
        });
        return found;
      });
      const signature = await storage.get(tenant.code, row.signature_file_key!);
      if (!signature) throw notFound();
      let pdf: Buffer;
      try {
        pdf = await renderConfirmation({
          tenant,
          lang: request.lang,
          request: row,
          signature: signature.bytes,
        });
      } catch (error) {
        request.log.error({ err: error }, 'fee guarantee confirmation rendering failed');
        throw new ApiError(503, 'confirmation_unavailable');
      }
      return sendPrivateFile(
        reply,
        { bytes: pdf, contentType: 'application/pdf' },
        `fee-guarantee-${id}.pdf`,
        'attachment',
      );
    },
  );
};
