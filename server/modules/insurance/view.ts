import type { FastifyRequest } from 'fastify';
import type {
  ClaimFile,
  InsuranceClaim,
  InsuranceClaimDetail,
  InsuranceProfile,
} from '../../../schemas/insurance';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { ProfileRow } from './profile-repository';
import type { ClaimFileRow, ClaimRow } from './repository';

/** Rows of the insurance tables as the contract's shapes (schemas/insurance.ts). */

/** The public origin of a request (scheme and host as the browser used them). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const iso = (value: Date | string) => new Date(value).toISOString();

export const companyName = (row: { company_vi: string; company_en: string }, lang: LanguageCode) =>
  lang === 'en' ? row.company_en : row.company_vi;

export function claimOf(row: ClaimRow, lang: LanguageCode): InsuranceClaim {
  return {
    insuranceClaimId: Number(row.insurance_claim_id),
    insuranceCompanyId: row.insurance_company_id,
    insuranceCompanyName: companyName(row, lang),
    insuredName: row.insured_name,
    policyNumber: row.policy_number,
    eventDate: row.event_date,
    providerName: row.provider_name,
    claimAmount: Number(row.claim_amount),
    status: row.status,
    statusNote: row.status_note,
    statusChangedAt: row.status_changed_at ? iso(row.status_changed_at) : null,
    createdAt: iso(row.created_at),
  };
}

export function claimFileOf(request: FastifyRequest, row: ClaimFileRow): ClaimFile {
  const id = Number(row.insurance_claim_file_id);
  return {
    insuranceClaimFileId: id,
    kind: row.kind,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    fileHttpUrl: `${originOf(request)}/api/v1/InsuranceClaims/ViewFileInsuranceClaim?id=${id}`,
  };
}

export function claimDetailOf(
  request: FastifyRequest,
  row: ClaimRow,
  files: ClaimFileRow[],
  lang: LanguageCode,
): InsuranceClaimDetail {
  return {
    ...claimOf(row, lang),
    dateOfBirth: row.date_of_birth,
    idNumber: row.id_number,
    reason: row.reason,
    answers:
      typeof row.answers === 'string' ? (JSON.parse(row.answers) as Record<string, unknown>) : row.answers,
    termsAcceptedAt: iso(row.terms_accepted_at),
    files: files.map((f) => claimFileOf(request, f)),
  };
}

export function profileOf(request: FastifyRequest, row: ProfileRow, lang: LanguageCode): InsuranceProfile {
  const id = Number(row.insurance_profile_id);
  const photo = (side: 'health' | 'social', key: string | null) =>
    key ? `${originOf(request)}/api/v1/InsuranceProfiles/ViewCardPhoto?id=${id}&side=${side}` : null;
  return {
    insuranceProfileId: id,
    patientId: row.patient_id,
    insuredName: row.insured_name,
    insuranceCompanyId: row.insurance_company_id,
    insuranceCompanyName: companyName(row, lang),
    healthCardNumber: row.health_card_number,
    socialCardNumber: row.social_card_number,
    contractNumber: row.contract_number,
    healthCardPhotoUrl: photo('health', row.health_card_photo_key),
    socialCardPhotoUrl: photo('social', row.social_card_photo_key),
    updatedAt: iso(row.updated_at),
  };
}
