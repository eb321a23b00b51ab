import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JoinRequestCreated } from '../../../schemas/discovery';
import { Envelope, errorReplies, FormBody } from '../../../schemas/envelope';
import type { FormId, JsonObject } from '../../../schemas/forms/merge';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { confirmUpload, fileKeyFromUrl, isUploaded, type Storage } from '../../services/storage/index';
import {
  createDoctorRequest,
  createHospitalRequest,
  exists,
  userNameTaken,
  type DoctorApplication,
  type HospitalApplication,
} from './join-repository';
import { validateForm } from '../../lib/form-validate';
import { uploadFields } from './join-validate';

/**
 * Checks that every upload field names a file this tenant received in that field's folder
 * (fileHttpUrl of the upload flow); returns the message keys of the fields that do not.
 */
async function badUploads(
  sql: Sql,
  storage: Storage | undefined,
  tenant: string,
  schema: JsonObject,
  form: Record<string, unknown>,
) {
  // With the s3 driver the bytes went straight to the store: checked here, on first use.
  const uploaded = async (fileKey: string) =>
    storage ? (await confirmUpload(sql, storage, tenant, fileKey)) === 'uploaded' : isUploaded(sql, fileKey);
  const errors: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  for (const [field, { folder }] of uploadFields(schema)) {
    const value = form[field];
    const urls = (Array.isArray(value) ? value : value === undefined ? [] : [value]) as string[];
    for (const url of urls) {
      const fileKey = typeof url === 'string' ? fileKeyFromUrl(url, tenant) : null;
      const found = fileKey?.startsWith(`${folder}/`) ? await uploaded(fileKey) : false;
      if (!found) {
        const key = properties[field]?.['x-message'];
        errors.push(typeof key === 'string' ? key : `invalid_${field}`);
        break;
      }
    }
  }
  return errors;
}

/** Join-as-doctor and join-as-hospital requests, validated against the tenant's merged form schemas. */
export const joinRoutes: FastifyPluginAsyncTypebox<{ db: Database; storage?: Storage }> = async (
  app,
  { db, storage },
) => {
  const tags = ['discovery'];
  const reply = { 200: Envelope(JoinRequestCreated), ...errorReplies({ 409: ['username_exists'] }) };
  // The body is validated by ajv against the tenant's merged schema (tenant.json can add rules),
  // not by a fixed route schema; the route only requires an object (the document shows the form).

  const handle = async (
    tenantCode: string,
    overrides: Record<string, { schema?: object; uiSchema?: object }>,
    formId: FormId,
    form: Record<string, unknown>,
    create: (sql: Sql, form: Record<string, unknown>) => Promise<number>,
  ) => {
    const { schema, errors } = validateForm(tenantCode, formId, overrides[formId] as never, form);
    if (errors) throw new ApiError(400, 'invalid_request', errors);
    const joinRequestId = await db.tenant(tenantCode, async (sql) => {
      const uploadErrors = await badUploads(sql, storage, tenantCode, schema, form);
      if (uploadErrors.length > 0) throw new ApiError(400, 'invalid_request', uploadErrors);
      if (await userNameTaken(sql, String(form.userName)))
        throw new ApiError(409, 'username_exists', ['username_exists']);
      return create(sql, form);
    });
    return ok({ joinRequestId, approvalStatus: 0 as const });
  };

  app.post(
    '/Doctors/CreateDoctor',
    {
      config: { feature: 'joinAsDoctor' },
      schema: {
        tags,
        summary: 'A join-as-doctor request (waiting for approval)',
        body: FormBody('join-doctor'),
        response: reply,
      },
    },
    async (request) =>
      handle(
        request.tenant.config.code,
        request.tenant.config.forms,
        'join-doctor',
        request.body as Record<string, unknown>,
        async (sql, form) => {
          const a = form as unknown as DoctorApplication;
          if (a.specialityId && !(await exists(sql, 'specialities', 'speciality_id', a.specialityId)))
            throw new ApiError(400, 'invalid_request', ['select_speciality']);
          if (a.cityId && !(await exists(sql, 'cities', 'city_id', a.cityId)))
            throw new ApiError(400, 'invalid_request', ['select_city']);
          return createDoctorRequest(sql, a);
        },
      ),
  );

  app.post(
    '/Hospitals/CreateHospital',
    {
      config: { feature: 'joinAsHospital' },
      schema: {
        tags,
        summary: 'A join-as-hospital request (waiting for approval)',
        body: FormBody('join-hospital'),
        response: reply,
      },
    },
    async (request) =>
      handle(
        request.tenant.config.code,
        request.tenant.config.forms,
        'join-hospital',
        request.body as Record<string, unknown>,
        async (sql, form) => {
          const a = form as unknown as HospitalApplication;
          if (a.cityId && !(await exists(sql, 'cities', 'city_id', a.cityId)))
            throw new ApiError(400, 'invalid_request', ['select_city']);
          return createHospitalRequest(sql, a);
        },
      ),
  );
};
