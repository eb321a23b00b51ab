import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorReplies, FileReply } from '../../../schemas/envelope';
import {
  CARD_NUMBER,
  CardPhotoQuery,
  IdQuery,
  InsuranceProfile,
  SaveInsuranceProfileRequest,
} from '../../../schemas/insurance';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { sendPrivateFile } from '../../lib/send-file';
import { claimUploads, type Storage } from '../../services/storage/index';
import { loadBookablePatient } from '../patients/index';
import { logDataAccess, requireHealthDataConsent, selfActor } from '../personal-data/index';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  listProfiles,
  updateProfile,
  type ProfileColumns,
  type ProfileRow,
} from './profile-repository';
import { activeCompanyExists } from './repository';
import { profileOf } from './view';

const notFound = () => new ApiError(404, 'insurance_profile_not_found');

/** Trimmed text, or null when empty; `key` when it is not a card number. */
function cardNumber(value: string | null | undefined, key: string, errors: string[]): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!CARD_NUMBER.test(text)) errors.push(key);
  return text.toUpperCase();
}

/**
 * InsuranceProfiles/* (added; spec section 3 "Insurance profile"): the insured person (one of the
 * caller's patients), company, health and social insurance card numbers and photos (private
 * 'InsuranceCards' folder, images only), contract number. Replaced or removed photos are deleted
 * from storage after the transaction commits.
 */
export const profileRoutes: FastifyPluginAsyncTypebox<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  const tags = ['insurance'];
  const config = { auth: true, feature: 'insurance' } as const;
  const security = [{ bearer: [] }];
  const userOf = (request: FastifyRequest) => request.auth!.userId;
  const inTenant = <T>(request: FastifyRequest, fn: (sql: Sql) => Promise<T>) =>
    db.tenant(request.tenant.config.code, fn);
  const logRead = (request: FastifyRequest, sql: Sql, row: ProfileRow | null, action: 'list' | 'view') =>
    logDataAccess(sql, {
      userId: userOf(request),
      patientId: row?.patient_id ?? null,
      actor: selfActor(userOf(request)),
      action,
      resource: 'insurance_profile',
      resourceId: row ? Number(row.insurance_profile_id) : null,
      ip: request.ip,
    });
  const dropFiles = async (tenant: string, keys: (string | null)[]) => {
    for (const key of keys) if (key) await storage.delete(tenant, key).catch(() => undefined);
  };

  app.get(
    '/InsuranceProfiles/GetInsuranceProfiles',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The caller's insurance profiles (themselves and family members)",
        response: { 200: Envelope(Type.Array(InsuranceProfile)) },
      },
    },
    async (request) => {
      const rows = await inTenant(request, async (sql) => {
        const found = await listProfiles(sql, userOf(request));
        await logRead(request, sql, null, 'list');
        return found;
      });
      return ok(rows.map((r) => profileOf(request, r, request.lang)));
    },
  );

  app.post(
    '/InsuranceProfiles/SaveInsuranceProfile',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          "Adds (no insuranceProfileId) or changes an insurance profile; card photos uploaded to 'InsuranceCards' (consent required)",
        body: SaveInsuranceProfileRequest,
        response: { 200: Envelope(InsuranceProfile), ...errorReplies({ 403: ['consent_required'] }) },
      },
    },
    async (request) => {
      const body = request.body;
      const userId = userOf(request);
      const tenant = request.tenant.config;
      const errors: string[] = [];
      const healthCardNumber = cardNumber(body.healthCardNumber, 'valid_health_card_number', errors);
      const socialCardNumber = cardNumber(body.socialCardNumber, 'valid_social_card_number', errors);
      const contract = body.contractNumber?.trim() || null;
      if (contract && contract.length > 30) errors.push('valid_contract_number');
      if (errors.length > 0) throw new ApiError(400, 'invalid_request', errors);
      const { row, replaced } = await inTenant(request, async (sql) => {
        await requireHealthDataConsent(sql, userId, tenant);
        const current = body.insuranceProfileId
          ? await findProfile(sql, userId, body.insuranceProfileId, true)
          : null;
        if (body.insuranceProfileId && !current) throw notFound();
        const problems: string[] = [];
        if (!(await loadBookablePatient(sql, userId, body.patientId))) problems.push('select_insured_person');
        if (!(await activeCompanyExists(sql, body.insuranceCompanyId)))
          problems.push('select_insurance_company');
        /** The photo of a side: kept (undefined), removed (null) or a newly linked upload. */
        const photo = async (url: string | null | undefined, key: string | null, name: string | null) => {
          if (url === undefined) return key && name ? { key, name } : null;
          if (url === null || url.trim() === '') return null;
          const linked = await claimUploads(sql, storage, {
            fileUrls: [url],
            folder: 'InsuranceCards',
            userId,
            tenant: tenant.code,
            maxFiles: 1,
          });
          if ('error' in linked) {
            problems.push(linked.error);
            return null;
          }
          return { key: linked[0]!.fileKey, name: linked[0]!.fileName };
        };
        const columns: ProfileColumns = {
          patientId: body.patientId,
          insuranceCompanyId: body.insuranceCompanyId,
          healthCardNumber,
          socialCardNumber,
          contractNumber: contract,
          healthPhoto: await photo(
            body.healthCardPhotoUrl,
            current?.health_card_photo_key ?? null,
            current?.health_card_photo_name ?? null,
          ),
          socialPhoto: await photo(
            body.socialCardPhotoUrl,
            current?.social_card_photo_key ?? null,
            current?.social_card_photo_name ?? null,
          ),
        };
        if (problems.length > 0) throw new ApiError(400, 'invalid_request', [...new Set(problems)]);
        const now = new Date();
        const id = current
          ? Number(current.insurance_profile_id)
          : await insertProfile(sql, userId, columns, now);
        if (current) await updateProfile(sql, userId, id, columns, now);
        const gone = [
          current?.health_card_photo_key !== columns.healthPhoto?.key ? current?.health_card_photo_key : null,
          current?.social_card_photo_key !== columns.socialPhoto?.key ? current?.social_card_photo_key : null,
        ];
        return { row: (await findProfile(sql, userId, id))!, replaced: gone.map((k) => k ?? null) };
      });
      await dropFiles(tenant.code, replaced);
      return ok(profileOf(request, row, request.lang));
    },
  );

  app.delete(
    '/InsuranceProfiles/DeleteInsuranceProfile',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Deletes one of the caller’s insurance profiles and its card photos',
        querystring: IdQuery,
        response: {
          200: Envelope(Type.Object({ insuranceProfileId: Type.Integer() })),
          ...errorReplies({ 404: ['insurance_profile_not_found'] }),
        },
      },
    },
    async (request) => {
      const id = request.query.id;
      const keys = await inTenant(request, async (sql) => {
        const current = await findProfile(sql, userOf(request), id, true);
        if (!current) throw notFound();
        await deleteProfile(sql, userOf(request), id);
        return [current.health_card_photo_key, current.social_card_photo_key];
      });
      await dropFiles(request.tenant.config.code, keys);
      return ok({ insuranceProfileId: id });
    },
  );

  app.get(
    '/InsuranceProfiles/ViewCardPhoto',
    {
      config,
      schema: {
        response: { 200: FileReply, ...errorReplies({ 404: ['insurance_profile_not_found'] }) },
        tags,
        security,
        summary: "A card photo of one of the caller's insurance profiles (inline)",
        querystring: CardPhotoQuery,
      },
    },
    async (request, reply) => {
      const { id, side } = request.query;
      const row = await inTenant(request, async (sql) => {
        const found = await findProfile(sql, userOf(request), id);
        if (found) await logRead(request, sql, found, 'view');
        return found;
      });
      const key = side === 'health' ? row?.health_card_photo_key : row?.social_card_photo_key;
      const name = (side === 'health' ? row?.health_card_photo_name : row?.social_card_photo_name) ?? 'card';
      const file = key ? await storage.get(request.tenant.config.code, key) : null;
      if (!file) throw notFound();
      return sendPrivateFile(reply, file, name, 'inline');
    },
  );
};
