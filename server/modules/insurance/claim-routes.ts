import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import {
  ClaimListQuery,
  CreateInsuranceClaimRequest,
  IdParams,
  InsuranceClaimDetail,
  InsuranceClaimPage,
  InsuranceCompany,
  MAX_CLAIM_DOCUMENTS,
  ViewClaimFileQuery,
  type ClaimFileKind,
} from '../../../schemas/insurance';
import { todayIn } from '../../../schemas/patient-rules';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { sendPrivateFile } from '../../lib/send-file';
import { claimUploads, type ClaimedFile, type Storage } from '../../services/storage/index';
import { logDataAccess, requireHealthDataConsent, selfActor, type DataAccess } from '../personal-data/index';
import { checkClaim, type CheckedClaim } from './claim-checks';
import {
  activeCompanyExists,
  findClaim,
  findClaimFile,
  insertClaim,
  insertClaimFiles,
  listClaimFiles,
  listClaims,
  listCompanies,
} from './repository';
import { claimDetailOf, claimOf } from './view';

export interface InsuranceOptions {
  db: Database;
  storage: Storage;
}

const claimNotFound = () => new ApiError(404, 'insurance_claim_not_found');

/**
 * InsuranceClaims/*: the tenant's companies, filing a claim (the tenant's schema-rendered form,
 * ID images and documents from the private 'InsuranceClaims' folder, terms, consent; all or
 * nothing), the caller's claims with their status, one claim with its files, and a file streamed
 * to its owner. Every read of a claim or a file is logged in the same transaction.
 */
export const claimRoutes: FastifyPluginAsyncTypebox<InsuranceOptions> = async (app, { db, storage }) => {
  const tags = ['insurance'];
  const config = { auth: true, feature: 'insurance' } as const;
  const security = [{ bearer: [] }];
  const userOf = (request: FastifyRequest) => request.auth!.userId;
  const inTenant = <T>(request: FastifyRequest, fn: (sql: Sql) => Promise<T>) =>
    db.tenant(request.tenant.config.code, fn);
  const log = (
    request: FastifyRequest,
    sql: Sql,
    entry: Pick<DataAccess, 'action' | 'resource' | 'resourceId'>,
  ) =>
    logDataAccess(sql, {
      ...entry,
      userId: userOf(request),
      actor: selfActor(userOf(request)),
      ip: request.ip,
    });

  app.get(
    '/InsuranceClaims/GetAllInsuranceCompanies',
    {
      config: { feature: 'insurance' },
      schema: {
        tags,
        summary: "The tenant's active insurance companies, names in the request language",
        response: { 200: Envelope(Type.Array(InsuranceCompany)) },
      },
    },
    async (request) => {
      const rows = await inTenant(request, (sql) => listCompanies(sql, { activeOnly: true }));
      return ok(
        rows.map((r) => ({
          insuranceCompanyId: r.insurance_company_id,
          name: request.lang === 'en' ? r.name_en : r.name_vi,
        })),
      );
    },
  );

  /** Links the claim's uploads; every refusal key is collected (the transaction then rolls back). */
  const claimFiles = async (sql: Sql, request: FastifyRequest, claim: CheckedClaim) => {
    const errors: string[] = [];
    const files: { kind: ClaimFileKind; file: ClaimedFile }[] = [];
    const take = async (kind: ClaimFileKind, urls: string[], maxFiles: number, missingKey: string) => {
      const result = await claimUploads(sql, storage, {
        fileUrls: urls,
        folder: 'InsuranceClaims',
        userId: userOf(request),
        tenant: request.tenant.config.code,
        maxFiles,
      });
      if ('error' in result) {
        errors.push(result.error === 'upload_url_invalid' ? missingKey : result.error);
        if (result.error === 'upload_url_invalid') errors.push('upload_url_invalid');
        return;
      }
      // The ID/passport sides are images only (the folder also admits PDF documents).
      if (kind !== 'document' && result.some((f) => !f.contentType.startsWith('image/'))) {
        errors.push('id_images_only');
      }
      files.push(...result.map((file) => ({ kind, file })));
    };
    await take('id_front', [claim.idFrontUrl], 1, 'upload_id_front');
    await take('id_back', [claim.idBackUrl], 1, 'upload_id_back');
    await take('document', claim.documentUrls, MAX_CLAIM_DOCUMENTS, 'upload_claim_documents');
    return { errors, files };
  };

  app.post(
    '/InsuranceClaims/CreateInsuranceClaim',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          "Files an insurance claim: the tenant's claim form, ID front and back images and 1 to 5 documents uploaded to 'InsuranceClaims', terms (consent required)",
        body: CreateInsuranceClaimRequest,
        response: { 200: Envelope(InsuranceClaimDetail) },
      },
    },
    async (request) => {
      const tenant = request.tenant.config;
      const { errors, claim } = checkClaim(tenant, request.body, todayIn(tenant.booking.timeZone));
      if (!claim) throw new ApiError(400, 'invalid_request', errors);
      const userId = userOf(request);
      const detail = await inTenant(request, async (sql) => {
        await requireHealthDataConsent(sql, userId, tenant);
        const problems: string[] = [];
        if (!(await activeCompanyExists(sql, claim.columns.insuranceCompanyId)))
          problems.push('select_insurance_company');
        const linked = await claimFiles(sql, request, claim);
        problems.push(...linked.errors);
        if (problems.length > 0) throw new ApiError(400, 'invalid_request', [...new Set(problems)]);
        const claimId = await insertClaim(sql, userId, claim.columns, claim.answers, new Date());
        await insertClaimFiles(sql, claimId, userId, linked.files);
        const row = (await findClaim(sql, userId, claimId))!;
        return claimDetailOf(request, row, await listClaimFiles(sql, userId, claimId), request.lang);
      });
      return ok(detail);
    },
  );

  app.get(
    '/InsuranceClaims/GetMyInsuranceClaims',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The caller's insurance claims with their status, newest first (paged)",
        querystring: ClaimListQuery,
        response: { 200: Envelope(InsuranceClaimPage) },
      },
    },
    async (request) => {
      const { PageNumber = 1, PageSize = 15, status } = request.query;
      const page = await inTenant(request, async (sql) => {
        const found = await listClaims(sql, userOf(request), {
          status,
          pageNumber: PageNumber,
          pageSize: PageSize,
        });
        await log(request, sql, { action: 'list', resource: 'insurance_claim' });
        return found;
      });
      return ok({
        insuranceClaims: page.rows.map((r) => claimOf(r, request.lang)),
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.total },
      });
    },
  );

  app.get(
    '/InsuranceClaims/GetInsuranceClaim/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: "One of the caller's claims with its files",
        params: IdParams,
        response: {
          200: Envelope(InsuranceClaimDetail),
          ...errorReplies({ 404: ['insurance_claim_not_found'] }),
        },
      },
    },
    async (request) => {
      const claimId = request.params.id;
      const detail = await inTenant(request, async (sql) => {
        const row = await findClaim(sql, userOf(request), claimId);
        if (!row) throw claimNotFound();
        await log(request, sql, { action: 'view', resource: 'insurance_claim', resourceId: claimId });
        return claimDetailOf(request, row, await listClaimFiles(sql, userOf(request), claimId), request.lang);
      });
      return ok(detail);
    },
  );

  app.get(
    '/InsuranceClaims/ViewFileInsuranceClaim',
    {
      config,
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['insurance_file_not_found'] }) },
        tags,
        security,
        summary: "A file of one of the caller's claims (inline; download=true: as an attachment)",
        querystring: ViewClaimFileQuery,
      },
    },
    async (request, reply) => {
      const { id, download } = request.query;
      const row = await inTenant(request, async (sql) => {
        const found = await findClaimFile(sql, userOf(request), id);
        if (found)
          await log(request, sql, {
            action: download ? 'download' : 'view',
            resource: 'insurance_claim_file',
            resourceId: id,
          });
        return found;
      });
      const file = row ? await storage.get(request.tenant.config.code, row.file_key) : null;
      if (!row || !file) throw new ApiError(404, 'insurance_file_not_found');
      return sendPrivateFile(reply, file, row.file_name, download ? 'attachment' : 'inline');
    },
  );
};
