import { Type, type Static } from 'typebox';
import { Pagination, PagingQuery } from './envelope';

/**
 * Hospital fee guarantee contract (bảo lãnh viện phí; spec sections 2, 4, 7). Paths are
 * under /api/v1, every reply is the envelope and "-> X" is its `data`. All need a signed-in user
 * ([auth], bearer) and the tenant's `hospitalFeeGuarantee` feature (off -> 404 feature_disabled).
 * A request id that is not the caller's (another user's or another tenant's) answers 404
 * `fee_guarantee_not_found` on every route.
 *
 * States: waiting (for approval) -> approved (amount) | rejected (reason) | cancelled (by the
 * patient, while waiting); approved -> signed (the patient's signature confirms the guarantee).
 * The operator decides with `npm run admin -- fee-guarantees approve|reject`.
 *
 * POST /HospitalBillCoverages/CreateHospitalBillCoverage body CreateFeeGuaranteeRequest -> FeeGuarantee
 *      With `appointmentId`: one of the caller's appointments with payment method 3
 *      (RequestForMedicalFeeCoverage) and an active status (Pending, PaymentInitiated, Booked);
 *      patient and hospital come from it. Without: `patientId` (one of the caller's patients) and
 *      `hospitalId` are required. Needs the health-data consent (403 consent_required).
 *      errors: appointment_error 404, fee_guarantee_payment_method 400, fee_guarantee_appointment_closed
 *      400, fee_guarantee_exists 409 (a live request for that appointment), patient_not_found 404,
 *      hospital_not_found 404, invalid_request 400 [select_patient, select_hospital, ...]
 * GET  /HospitalBillCoverages/GetMyHospitalBillCoverages?AppointmentId=&PageNumber=&PageSize=  -> FeeGuaranteePage
 *      The caller's requests (optionally those of one appointment), newest first. Logged in the
 *      data access log (list) when any is returned.
 * GET  /HospitalBillCoverages/GetHospitalBillCoverage/{id}  -> FeeGuarantee  (logged: view)
 * POST /HospitalBillCoverages/CancelHospitalBillCoverage/{id}  -> FeeGuarantee
 *      Only while waiting, else 409 fee_guarantee_not_waiting.
 * GET  /HospitalBillCoverages/ViewSignature/{id}  -> image/png (owner only; logged: view)
 * GET  /HospitalBillCoverages/GetConfirmationPdf/{id}  -> application/pdf (owner only; logged: download)
 *      The signed confirmation (facts, decision, signing time, signature). 409 fee_guarantee_not_signed
 *      before it is signed; 503 confirmation_unavailable when the PDF fonts are not installed.
 * POST /Appointments/SignatureHospitalBillCoverageConfirmForWeb/{id}  multipart/form-data, one part
 *      `Files`: the PNG signature drawn on screen (bytes sniffed; at most 2 MB; no other part)
 *      -> SignatureOutcome. `{id}` is the fee guarantee request id. Stored (Signatures/<uuid>.png)
 *      only when the request is the caller's and `approved`; then `signed`.
 *      errors: fee_guarantee_not_found 404, fee_guarantee_not_approved 409 (waiting, rejected,
 *      cancelled), fee_guarantee_already_signed 409, signature_required 400 (no file),
 *      invalid_file_type 400 (not a PNG by its bytes), file_too_large 400, too_many_files 400,
 *      invalid_request 400 (an unexpected part or a non-multipart body). Nothing is stored on any error.
 */

export const FEE_GUARANTEE_STATUSES = ['waiting', 'approved', 'rejected', 'signed', 'cancelled'] as const;
export type FeeGuaranteeStatus = (typeof FEE_GUARANTEE_STATUSES)[number];
/** The multipart field name of the signature (spec: "Files"). */
export const SIGNATURE_FIELD = 'Files';
export const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const FeeGuaranteeIdParams = Type.Object({ id: BigId });

export const CreateFeeGuaranteeRequest = Type.Object(
  {
    appointmentId: Type.Optional(Type.Union([BigId, Type.Null()], { 'x-message': 'invalid_appointment_id' })),
    patientId: Type.Optional(Type.Union([Id, Type.Null()], { 'x-message': 'select_patient' })),
    hospitalId: Type.Optional(Type.Union([Id, Type.Null()], { 'x-message': 'select_hospital' })),
    insuranceCompany: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      'x-message': 'enter_insurance_company',
    }),
    policyNumber: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '\\S',
      'x-message': 'enter_policy_number',
    }),
    /** VND, what the patient expects the hospital to charge. */
    estimatedAmount: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 10_000_000_000 }), Type.Null()], {
        'x-message': 'invalid_estimated_amount',
      }),
    ),
    note: Type.Optional(Type.String({ maxLength: 2000, 'x-message': 'invalid_note' })),
  },
  { additionalProperties: false },
);
export type CreateFeeGuaranteeRequest = Static<typeof CreateFeeGuaranteeRequest>;

export const FeeGuarantee = Type.Object({
  feeGuaranteeId: BigId,
  status: Type.Enum(FEE_GUARANTEE_STATUSES),
  appointmentId: Type.Union([BigId, Type.Null()]),
  appointmentNumber: Type.Union([Type.String(), Type.Null()]),
  patientId: Id,
  patientName: Type.String(),
  hospitalId: Id,
  hospitalName: Type.String(),
  insuranceCompany: Type.String(),
  policyNumber: Type.String(),
  estimatedAmount: Type.Union([Type.Integer(), Type.Null()]),
  note: Type.String(),
  /** VND, set when approved. */
  approvedAmount: Type.Union([Type.Integer(), Type.Null()]),
  /** The operator's note on approval, or the reason of a rejection. */
  decisionNote: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  signedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The signature image URL (owner's session only), once signed. */
  signatureUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type FeeGuarantee = Static<typeof FeeGuarantee>;

export const FeeGuaranteePageQuery = Type.Object({
  /** Only the requests started from this appointment (of the caller). */
  AppointmentId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'invalid_appointment_id' }),
  ),
  ...PagingQuery,
});

export const FeeGuaranteePage = Type.Object({
  feeGuarantees: Type.Array(FeeGuarantee),
  pagination: Pagination,
});
export type FeeGuaranteePage = Static<typeof FeeGuaranteePage>;

export const SignatureOutcome = Type.Object({
  /** true: the signed confirmation is recorded (the outcome page shows success). */
  success: Type.Boolean(),
  feeGuarantee: FeeGuarantee,
});
export type SignatureOutcome = Static<typeof SignatureOutcome>;
