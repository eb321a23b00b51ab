import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import {
  CreateFeeGuaranteeRequest,
  FeeGuarantee,
  FeeGuaranteeIdParams,
  FeeGuaranteePage,
  FeeGuaranteePageQuery,
} from '../../../schemas/fee-guarantee';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { sendPrivateFile } from '../../lib/send-file';
import { logDataAccess, selfActor } from '../personal-data/index';
import { findFeeGuarantee, listFeeGuarantees, setStatus } from './repository';
import { createFeeGuarantee, notFound } from './service';
import { confirmationRoutes } from './confirmation-routes';
import { signatureRoutes } from './signature-routes';
import { viewOf, type FeeGuaranteeOptions } from './view';

/**
 * Hospital fee guarantee requests (see the contract in schemas/fee-guarantee.ts): create, list,
 * read, cancel, the signature image, and (signature-routes.ts) the signed confirmation. Every
 * read of a request is written to the data access log in the same transaction.
 */
export const feeGuaranteeRoutes: FastifyPluginAsyncTypebox<FeeGuaranteeOptions> = async (app, opts) => {
  const { db, storage } = opts;
  const tags = ['fee-guarantee'];
  const config = { auth: true, feature: 'hospitalFeeGuarantee' } as const;
  const security = [{ bearer: [] }];
  const userOf = (request: FastifyRequest) => request.auth!.userId;
  const inTenant = <T>(request: FastifyRequest, fn: Parameters<typeof db.tenant<T>>[1]) =>
    db.tenant(request.tenant.config.code, fn);

  app.post(
    '/HospitalBillCoverages/CreateHospitalBillCoverage',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Asks for a hospital fee guarantee, from an appointment paid by method 3 or from the menu',
        body: CreateFeeGuaranteeRequest,
        response: {
          200: Envelope(FeeGuarantee),
          ...errorReplies({ 403: ['consent_required'], 409: ['fee_guarantee_exists'] }),
        },
      },
    },
    async (request) => {
      const row = await inTenant(request, async (sql) => {
        const id = await createFeeGuarantee(sql, request.tenant.config, userOf(request), request.body);
        return findFeeGuarantee(sql, userOf(request), id);
      });
      return ok(viewOf(request, row!));
    },
  );

  app.get(
    '/HospitalBillCoverages/GetMyHospitalBillCoverages',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The caller's fee guarantee requests, newest first",
        querystring: FeeGuaranteePageQuery,
        response: { 200: Envelope(FeeGuaranteePage) },
      },
    },
    async (request) => {
      const { PageNumber = 1, PageSize = 15, AppointmentId } = request.query;
      const userId = userOf(request);
      const page = await inTenant(request, async (sql) => {
        const found = await listFeeGuarantees(sql, userId, {
          pageNumber: PageNumber,
          pageSize: PageSize,
          appointmentId: AppointmentId ?? null,
        });
        if (found.rows.length > 0) {
          await logDataAccess(sql, {
            userId,
            actor: selfActor(userId),
            action: 'list',
            resource: 'fee_guarantee',
            ip: request.ip,
          });
        }
        return found;
      });
      return ok({
        feeGuarantees: page.rows.map((r) => viewOf(request, r)),
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.total },
      });
    },
  );

  /** Reads one of the caller's requests and logs the read, in one transaction. */
  const readLogged = (request: FastifyRequest, id: number) =>
    inTenant(request, async (sql) => {
      const row = await findFeeGuarantee(sql, userOf(request), id);
      if (!row) throw notFound();
      await logDataAccess(sql, {
        userId: userOf(request),
        patientId: row.patient_id,
        actor: selfActor(userOf(request)),
        action: 'view',
        resource: 'fee_guarantee',
        resourceId: id,
        appointmentId: row.appointment_id === null ? null : Number(row.appointment_id),
        ip: request.ip,
      });
      return row;
    });

  app.get(
    '/HospitalBillCoverages/GetHospitalBillCoverage/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: "One of the caller's fee guarantee requests",
        params: FeeGuaranteeIdParams,
        response: { 200: Envelope(FeeGuarantee), ...errorReplies({ 404: ['fee_guarantee_not_found'] }) },
      },
    },
    async (request) => ok(viewOf(request, await readLogged(request, request.params.id))),
  );

  app.post(
    '/HospitalBillCoverages/CancelHospitalBillCoverage/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Cancels one of the caller's requests while it waits for approval",
        params: FeeGuaranteeIdParams,
        response: {
          200: Envelope(FeeGuarantee),
          ...errorReplies({ 404: ['fee_guarantee_not_found'], 409: ['fee_guarantee_not_waiting'] }),
        },
      },
    },
    async (request) => {
      const row = await inTenant(request, async (sql) => {
        const found = await findFeeGuarantee(sql, userOf(request), request.params.id, true);
        if (!found) throw notFound();
        if (!(await setStatus(sql, request.params.id, 'waiting', 'cancelled'))) {
          throw new ApiError(409, 'fee_guarantee_not_waiting');
        }
        return findFeeGuarantee(sql, userOf(request), request.params.id);
      });
      return ok(viewOf(request, row!));
    },
  );

  app.get(
    '/HospitalBillCoverages/ViewSignature/:id',
    {
      config,
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['fee_guarantee_not_found'] }) },
        tags,
        security,
        summary: "The signature of one of the caller's signed requests (PNG; owner's session only)",
        params: FeeGuaranteeIdParams,
      },
    },
    async (request, reply) => {
      const row = await readLogged(request, request.params.id);
      const file = row.signature_file_key
        ? await storage.get(request.tenant.config.code, row.signature_file_key)
        : null;
      if (!file) throw notFound();
      return sendPrivateFile(reply, file, `signature-${request.params.id}.png`, 'inline');
    },
  );

  await app.register(signatureRoutes, opts);
  await app.register(confirmationRoutes, opts);
};
