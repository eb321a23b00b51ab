import { Type, type Static } from 'typebox';
import { Pagination, PagingQuery } from './envelope';
import { CLAIM_FILE_KINDS, CLAIM_STATUSES } from './insurance-rules';

/**
 * Insurance contract (spec sections 3, 5, 7). Paths are under /api/v1; every reply is the
 * envelope and "-> X" is its `data`. All routes need the tenant's `insurance` feature (off -> 404
 * feature_disabled) and, except the company list, a signed-in user ([auth]). A claim, claim file
 * or profile id that is not the caller's (another user's or another tenant's) answers 404 with the
 * resource's not-found key. Every read of a claim, a claim file or a profile is written to the
 * data access log. Writes need the current health-data consent (403 consent_required).
 *
 * GET    /InsuranceClaims/GetAllInsuranceCompanies  -> InsuranceCompany[] (active, tenant's order,
 *        names in the request language)
 * POST   /InsuranceClaims/CreateInsuranceClaim  body CreateInsuranceClaimRequest [auth] -> InsuranceClaim
 *        `claim` is validated by schemas/forms/insurance-claim.schema.json merged with the tenant's
 *        forms['insurance-claim'] (the form the web app renders, conditional questions included),
 *        then: company active (select_insurance_company), event date and birth date not in the
 *        future (event_date_in_future, dob_in_future), terms (accept_terms), ID front and back
 *        images (upload_id_front, upload_id_back, id_images_only) and 1 to 5 claim documents
 *        (upload_claim_documents, too_many_files) uploaded to the private 'InsuranceClaims'
 *        folder by the caller (upload_url_invalid, file_too_large). 400 invalid_request with
 *        every key; nothing is stored on any refusal.
 * GET    /InsuranceClaims/GetMyInsuranceClaims?status=&PageNumber=&PageSize=  [auth]
 *        -> InsuranceClaimPage (newest first, with each claim's status)
 * GET    /InsuranceClaims/GetInsuranceClaim/:id  [auth] -> InsuranceClaimDetail (with its files)
 *        errors: insurance_claim_not_found 404
 * GET    /InsuranceClaims/ViewFileInsuranceClaim?id=&download=  [auth] -> the file (inline, or
 *        attachment with download=true); errors: insurance_file_not_found 404
 * GET    /InsuranceProfiles/GetInsuranceProfiles  [auth] -> InsuranceProfile[]
 * POST   /InsuranceProfiles/SaveInsuranceProfile  body SaveInsuranceProfileRequest [auth]
 *        -> InsuranceProfile (no insuranceProfileId: a new one). A photo URL is a new upload of
 *        the private 'InsuranceCards' folder (images only); omitted keeps the photo, null removes
 *        it. errors: select_insured_person, select_insurance_company, valid_health_card_number,
 *        valid_social_card_number, valid_contract_number, upload_url_invalid 400;
 *        insurance_profile_not_found 404
 * DELETE /InsuranceProfiles/DeleteInsuranceProfile?id=  [auth] -> { insuranceProfileId }
 * GET    /InsuranceProfiles/ViewCardPhoto?id=&side=health|social  [auth] -> the image (inline)
 *        errors: insurance_profile_not_found 404
 */

// Values the web app's forms share: insurance-rules.ts, free of TypeBox.
export * from './insurance-rules';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Url = Type.String({ maxLength: 2000 });

export const IdQuery = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'invalid_id' }),
});
export const IdParams = IdQuery;

export const InsuranceCompany = Type.Object({
  insuranceCompanyId: Id,
  name: Type.String(),
});
export type InsuranceCompany = Static<typeof InsuranceCompany>;

export const CreateInsuranceClaimRequest = Type.Object({
  /** The answers of the schema-rendered claim form (validated against the tenant's merged schema). */
  claim: Type.Object({}, { additionalProperties: true }),
  /** fileHttpUrl of an image uploaded to 'InsuranceClaims': the ID/passport front. */
  idFrontUrl: Type.Optional(Url),
  idBackUrl: Type.Optional(Url),
  /** fileHttpUrls of the claim documents (JPG/PNG/PDF, 1 to 5). */
  documentUrls: Type.Optional(Type.Array(Url, { maxItems: 20 })),
  acceptTerms: Type.Optional(Type.Boolean()),
});
export type CreateInsuranceClaimRequest = Static<typeof CreateInsuranceClaimRequest>;

export const ClaimFile = Type.Object({
  insuranceClaimFileId: Id,
  kind: Type.Enum(CLAIM_FILE_KINDS),
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  /** GET this with the bearer token (ViewFileInsuranceClaim). */
  fileHttpUrl: Type.String(),
});
export type ClaimFile = Static<typeof ClaimFile>;

export const InsuranceClaim = Type.Object({
  insuranceClaimId: Id,
  insuranceCompanyId: Id,
  insuranceCompanyName: Type.String(),
  insuredName: Type.String(),
  policyNumber: Type.String(),
  eventDate: Type.String(),
  providerName: Type.String(),
  /** VND */
  claimAmount: Type.Integer(),
  status: Type.Enum(CLAIM_STATUSES),
  statusNote: Type.Union([Type.String(), Type.Null()]),
  statusChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type InsuranceClaim = Static<typeof InsuranceClaim>;

export const InsuranceClaimDetail = Type.Intersect([
  InsuranceClaim,
  Type.Object({
    dateOfBirth: Type.Union([Type.String(), Type.Null()]),
    idNumber: Type.Union([Type.String(), Type.Null()]),
    reason: Type.String(),
    /** The whole form as filed (tenant-added questions included). */
    answers: Type.Record(Type.String(), Type.Unknown()),
    termsAcceptedAt: Type.String({ format: 'date-time' }),
    files: Type.Array(ClaimFile),
  }),
]);
export type InsuranceClaimDetail = Static<typeof InsuranceClaimDetail>;

export const ClaimListQuery = Type.Object({
  status: Type.Optional(Type.Enum(CLAIM_STATUSES, { 'x-message': 'invalid_status' })),
  ...PagingQuery,
});

export const InsuranceClaimPage = Type.Object({
  insuranceClaims: Type.Array(InsuranceClaim),
  pagination: Pagination,
});
export type InsuranceClaimPage = Static<typeof InsuranceClaimPage>;

export const ViewClaimFileQuery = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'invalid_id' }),
  download: Type.Optional(Type.Boolean()),
});

const CardNumber = (message: string) =>
  Type.Union([Type.String({ maxLength: 30, 'x-message': message }), Type.Null()]);

export const SaveInsuranceProfileRequest = Type.Object({
  insuranceProfileId: Type.Optional(Id),
  /** One of the caller's patients (myself or a family member). */
  patientId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'select_insured_person' }),
  insuranceCompanyId: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    'x-message': 'select_insurance_company',
  }),
  healthCardNumber: Type.Optional(CardNumber('valid_health_card_number')),
  socialCardNumber: Type.Optional(CardNumber('valid_social_card_number')),
  contractNumber: Type.Optional(CardNumber('valid_contract_number')),
  /** A new 'InsuranceCards' upload; omitted keeps the current photo, null removes it. */
  healthCardPhotoUrl: Type.Optional(Type.Union([Url, Type.Null()])),
  socialCardPhotoUrl: Type.Optional(Type.Union([Url, Type.Null()])),
});
export type SaveInsuranceProfileRequest = Static<typeof SaveInsuranceProfileRequest>;

export const InsuranceProfile = Type.Object({
  insuranceProfileId: Id,
  patientId: Id,
  insuredName: Type.String(),
  insuranceCompanyId: Id,
  insuranceCompanyName: Type.String(),
  healthCardNumber: Type.Union([Type.String(), Type.Null()]),
  socialCardNumber: Type.Union([Type.String(), Type.Null()]),
  contractNumber: Type.Union([Type.String(), Type.Null()]),
  /** GET with the bearer token (ViewCardPhoto); null when there is no photo. */
  healthCardPhotoUrl: Type.Union([Type.String(), Type.Null()]),
  socialCardPhotoUrl: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type InsuranceProfile = Static<typeof InsuranceProfile>;

export const CardPhotoQuery = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'invalid_id' }),
  side: Type.Union([Type.Literal('health'), Type.Literal('social')], { 'x-message': 'invalid_side' }),
});
