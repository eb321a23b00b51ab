import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { withoutInapplicable } from '../../../schemas/forms/conditions';
import { mergeFormSchema, type FormOverride, type JsonObject } from '../../../schemas/forms/merge';
import { MAX_CLAIM_DOCUMENTS, type CreateInsuranceClaimRequest } from '../../../schemas/insurance';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import { validateForm } from '../../lib/form-validate';
import type { ClaimColumns } from './repository';

/**
 * What a claim must satisfy before anything is stored, without the database: the tenant's merged
 * claim form (the schema the web app renders; answers to conditional questions that do not apply
 * are dropped first, as the form drops them), dates not in the future, the terms, and the presence
 * and count of the files. The checks that need the database (company, uploads, consent) run in
 * the route's transaction.
 */

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats(ajv);
const conditions = new Map<string, ValidateFunction>();

/** Whether answers satisfy an `if` sub-schema (compiled once per distinct condition). */
export function matchesCondition(schema: JsonObject, data: Record<string, unknown>): boolean {
  const key = JSON.stringify(schema);
  let validate = conditions.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    conditions.set(key, validate);
  }
  return validate(data);
}

/** Drops empty answers ('' or null: an empty field is an absent one) and trims text. */
function compact(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

export interface CheckedClaim {
  columns: ClaimColumns;
  /** The whole validated form as stored in insurance_claims.answers. */
  answers: Record<string, unknown>;
  idFrontUrl: string;
  idBackUrl: string;
  documentUrls: string[];
}

/** The claim's message keys (empty: it may go on to the database checks) and the claim itself. */
export function checkClaim(
  tenant: TenantConfig,
  body: CreateInsuranceClaimRequest,
  today: string,
): { errors: string[]; claim: CheckedClaim | null } {
  const override = (tenant.forms as Record<string, FormOverride | undefined>)['insurance-claim'];
  const { schema } = mergeFormSchema('insurance-claim', override);
  const answers = withoutInapplicable(
    schema,
    compact(body.claim as Record<string, unknown>),
    matchesCondition,
  );
  const errors = [...(validateForm(tenant.code, 'insurance-claim', override, answers).errors ?? [])];
  const text = (key: string) => (typeof answers[key] === 'string' ? (answers[key] as string) : null);
  if ((text('eventDate') ?? '') > today) errors.push('event_date_in_future');
  if ((text('dateOfBirth') ?? '') > today) errors.push('dob_in_future');
  if (body.acceptTerms !== true) errors.push('accept_terms');
  const idFrontUrl = body.idFrontUrl?.trim() ?? '';
  const idBackUrl = body.idBackUrl?.trim() ?? '';
  const documentUrls = (body.documentUrls ?? []).map((u) => u.trim()).filter(Boolean);
  if (!idFrontUrl) errors.push('upload_id_front');
  if (!idBackUrl) errors.push('upload_id_back');
  if (documentUrls.length === 0) errors.push('upload_claim_documents');
  if (documentUrls.length > MAX_CLAIM_DOCUMENTS) errors.push('too_many_files');
  const unique = [...new Set(errors)];
  if (unique.length > 0) return { errors: unique, claim: null };
  const columns: ClaimColumns = {
    insuranceCompanyId: answers.insuranceCompanyId as number,
    insuredName: text('insuredName')!,
    policyNumber: text('policyNumber')!.toUpperCase(),
    dateOfBirth: text('dateOfBirth'),
    idNumber: text('idNumber')?.toUpperCase() ?? null,
    reason: text('reason')!,
    eventDate: text('eventDate')!,
    providerName: text('providerName')!,
    claimAmount: answers.claimAmount as number,
  };
  return { errors: [], claim: { columns, answers, idFrontUrl, idBackUrl, documentUrls } };
}
