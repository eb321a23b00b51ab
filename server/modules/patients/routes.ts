import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorReplies, FormBody } from '../../../schemas/envelope';
import type { FormOverride } from '../../../schemas/forms/merge';
import { patientRuleProblems, todayIn } from '../../../schemas/patient-rules';
import { DeletedPatient, IdQuery, Patient, PatientIdParams } from '../../../schemas/patients';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { validateForm } from '../../lib/form-validate';
import { LanguageIdQuery, queryLanguageId, replyLanguage } from '../reference/index';
import { loadUserAddress } from '../addresses/index';
import {
  ensureSelf,
  findPatient,
  hasUpcomingAppointment,
  idNumberTaken,
  insertPatient,
  listPatients,
  lockPatient,
  relationExists,
  softDeletePatient,
  updatePatient,
  type PatientForm,
} from './repository';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const auth = { auth: true } as const;
const notFound = () => new ApiError(404, 'patient_not_found');
const idNumberExists = () => new ApiError(409, 'id_number_exists', ['id_number_exists']);

/** Drops empty optional answers ('' or null): an empty field is an absent one. */
function compact(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** The unique ID/passport index refused the write (a concurrent request took the number). */
const isIdNumberConflict = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  String((error as { constraint?: string }).constraint ?? (error as Error).message).includes(
    'patients_id_number_idx',
  );

/**
 * Patients/*: the people a user books for: the account holder ("myself", created from the
 * profile) and family members. The form is schemas/forms/patient.schema.json merged with the
 * tenant's `forms.patient` (the one the web app renders), plus patientRuleProblems.
 */
export const patientsRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['patients'];
  const lang = (request: FastifyRequest) =>
    replyLanguage(request, queryLanguageId(request.query as { languageId?: number; LanguageId?: number }));
  const today = (request: FastifyRequest) => todayIn(request.tenant.config.booking.timeZone);

  /** Validates the form for a patient (isSelf: no relation) and returns it trimmed and typed. */
  const validate = (request: FastifyRequest, body: Record<string, unknown>, isSelf: boolean): PatientForm => {
    const form = compact(body);
    const overrides = request.tenant.config.forms as Record<string, FormOverride | undefined>;
    const { errors } = validateForm(request.tenant.config.code, 'patient', overrides.patient, form);
    const rules = patientRuleProblems(form, { isSelf, today: today(request) }).map((p) => p.key);
    const keys = [...new Set([...(errors ?? []), ...rules])];
    if (keys.length > 0) throw new ApiError(400, 'invalid_request', keys);
    const out = form as unknown as PatientForm;
    if (out.idNumber) out.idNumber = out.idNumber.toUpperCase();
    if (out.email) out.email = out.email.toLowerCase();
    return out;
  };

  /** Checks what the schema cannot: the relation exists, the address is the user's, the id is free. */
  const checkRefs = async (sql: Sql, userId: number, form: PatientForm, patientId: number | null) => {
    const errors: string[] = [];
    if (form.relationId !== undefined && !(await relationExists(sql, form.relationId)))
      errors.push('select_relation');
    if (form.addressId !== undefined && !(await loadUserAddress(sql, userId, form.addressId)))
      errors.push('select_address');
    if (errors.length > 0) throw new ApiError(400, 'invalid_request', errors);
    if (form.idNumber && (await idNumberTaken(sql, form.idNumber, patientId))) throw idNumberExists();
  };

  /** Runs a write; the unique index answers a concurrent duplicate ID number with 409, not 500. */
  const write = async <T>(tenant: string, fn: (sql: Sql) => Promise<T>): Promise<T> => {
    try {
      return await db.tenant(tenant, fn);
    } catch (error) {
      if (isIdNumberConflict(error)) throw idNumberExists();
      throw error;
    }
  };

  app.get(
    '/Patients/GetPatients',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Myself and my family members (myself first)',
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(Type.Array(Patient)) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      return ok(
        await db.tenant(request.tenant.config.code, async (sql) => {
          await ensureSelf(sql, userId);
          return listPatients(sql, userId, lang(request), today(request));
        }),
      );
    },
  );

  app.get(
    '/Patients/GetPatient/:id',
    {
      config: auth,
      schema: {
        tags,
        summary: 'One of my patients',
        params: PatientIdParams,
        querystring: Type.Object(LanguageIdQuery),
        response: { 200: Envelope(Patient), ...errorReplies({ 404: ['patient_not_found'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const patient = await db.tenant(request.tenant.config.code, (sql) =>
        findPatient(sql, userId, request.params.id, lang(request), today(request)),
      );
      if (!patient) throw notFound();
      return ok(patient);
    },
  );

  app.post(
    '/Patients/AddPatient',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Add a family member (the tenant’s patient form)',
        // Validated against the tenant's merged form schema, not a fixed route schema.
        body: FormBody('patient'),
        response: { 200: Envelope(Patient), ...errorReplies({ 409: ['id_number_exists'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const form = validate(request, request.body as Record<string, unknown>, false);
      return ok(
        await write(request.tenant.config.code, async (sql) => {
          await checkRefs(sql, userId, form, null);
          const patientId = await insertPatient(sql, userId, form, new Date());
          return (await findPatient(sql, userId, patientId, lang(request), today(request)))!;
        }),
      );
    },
  );

  app.post(
    '/Patients/UpdatePatient',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Change a patient (myself: the profile’s name, gender and birth date too)',
        body: FormBody('patient', { patientId: Id }),
        response: {
          200: Envelope(Patient),
          ...errorReplies({ 404: ['patient_not_found'], 409: ['id_number_exists'] }),
        },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { patientId, ...body } = request.body as { patientId: number } & Record<string, unknown>;
      return ok(
        await write(request.tenant.config.code, async (sql) => {
          const current = await lockPatient(sql, userId, patientId, 'UPDATE');
          if (!current) throw notFound();
          const form = validate(request, body, current.is_self);
          await checkRefs(sql, userId, form, patientId);
          await updatePatient(sql, userId, patientId, current.is_self, form, new Date());
          return (await findPatient(sql, userId, patientId, lang(request), today(request)))!;
        }),
      );
    },
  );

  app.delete(
    '/Patients/DeletePatient',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Delete a family member (not myself, not with an appointment still ahead)',
        querystring: IdQuery,
        response: {
          200: Envelope(DeletedPatient),
          ...errorReplies({
            404: ['patient_not_found'],
            409: ['cannot_delete_self', 'patient_has_upcoming_appointment'],
          }),
        },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const patientId = request.query.id;
      await db.tenant(request.tenant.config.code, async (sql) => {
        const current = await lockPatient(sql, userId, patientId, 'UPDATE');
        if (!current) throw notFound();
        if (current.is_self) throw new ApiError(409, 'cannot_delete_self', ['cannot_delete_self']);
        const now = new Date();
        if (await hasUpcomingAppointment(sql, patientId, now))
          throw new ApiError(409, 'patient_has_upcoming_appointment', ['patient_has_upcoming_appointment']);
        await softDeletePatient(sql, patientId, now);
      });
      return ok({ patientId });
    },
  );
};
