import { Type, type Static } from 'typebox';
import { Pagination, PagingQuery } from './envelope';
import { DATE_FILTERS } from './codes';
import { PromoRule } from './discovery';
import { OTHER_SYMPTOM_RULES } from './symptom-choice';

export {
  ACTIVE_APPOINTMENT_STATUSES,
  AppointmentListType,
  AppointmentStatus,
  CANCELLED_BY,
  DATE_FILTERS,
  PaymentMethod,
  PaymentStatus,
  ServiceType,
} from './codes';

/**
 * Appointments contract . Paths are under /api/v1; every reply is the envelope
 * `{ isSuccess, codeMessageRespond, message, data, errors }` and "-> X" is `data`. All routes need
 * a signed-in user ([auth]); an appointment, patient, address or health record id that is not the
 * caller's (another user's or another tenant's) answers 404 `appointment_error` (appointments) or
 * the resource's not-found key. Times are ISO-8601 UTC instants; `localDate` and the grouping of
 * slots use the tenant's `booking.timeZone` (tenant.json), which every appointment echoes as
 * `timeZone` so the client can label times when the visitor's zone differs.
 *
 * GET  /Appointments/CheckPriceOfAppointment?doctorId=&serviceTypeId=  (exists)  -> PriceCheck
 * POST /PromoCodes/ApplyPromoCode  body ApplyPromoCodeRequest [promoCodes] -> PriceQuote
 *      errors: promo_code_invalid (unknown, expired, other doctor) 400
 * POST /Appointments/ApplyWalletBalance body ApplyWalletRequest [wallet] -> PriceQuote
 *      errors: wallet_not_eligible 400 (no balance, or nothing left to pay)
 * POST /Appointments/MakeAppointment body MakeAppointmentRequest, header Idempotency-Key (optional,
 *      8-100 chars: same key + same body -> the same appointment, 200 again; same key + other body
 *      -> 422 idempotency_key_reused) -> MakeAppointmentResult
 *      errors (409 unless noted): slot_unavailable (slot full, past or not the doctor's),
 *      doctor_time_conflict (overlap), patient_same_day (patient already has an active appointment
 *      with this doctor that day), registration_exceeded (doctor's daily limit), booking_closed
 *      (past the same-day cut-off or beyond maxDaysAhead, 400), service_not_offered (400),
 *      payment_method_not_allowed (400), personal_info_required (400: the patient lacks full name,
 *      gender or date of birth; `errors` lists the missing fields' keys), promo_code_invalid,
 *      wallet_not_eligible, scheduling_failed (anything else).
 *      Symptoms (schemas/symptom-choice.ts): `symptomIds` (presets the doctor treats; may be empty),
 *      `otherSymptom` (optional: the patient's own words, NFC-normalised and trimmed by the server,
 *      at most 200 characters, no control characters, else 400 other_symptom_invalid) and
 *      `symptomsUnknown` (optional flag for "Không rõ" / "Not sure"; a flag, not a preset row, so
 *      it never shows in symptom lists, search or doctor filters). At least one preset, a
 *      non-empty text or the flag (else 400 symptom_required); the flag stands alone (else 400
 *      symptom_not_sure_alone). AppointmentDetail echoes `otherSymptom` ('' when none) and
 *      `symptomsUnknown`.
 * GET  /Appointments/GetAllAppointments?type=2|1&duration=&PageNumber=&PageSize=  -> AppointmentList
 *      (type 2 Upcoming: active and not ended, soonest first; 1 Past: the rest, newest first)
 * GET  /Appointments/GetListPassAppointment/list-pass-appointment?PageNumber=&PageSize=5
 *      -> AppointmentList (completed ones, for follow-up and review)
 * GET  /Appointments/GetAppointment/:id?timeZoneOffset=&languageId=       -> AppointmentDetail
 * POST /Appointments/CheckTimeAppointment body { appointmentId } -> CheckTimeResult
 * POST /Appointments/CancelAppintment body CancelRequest -> AppointmentDetail (its `refunds` say
 *      where the money went: wallet or bank, how much, when)
 *      errors: cancel_not_allowed (status or time limit) 409, reason/remark required 400
 * POST /Appointments/rescheduleAppointment body RescheduleRequest -> AppointmentDetail
 *      errors: reschedule_not_allowed (count/time limit, status) 409, slot errors as MakeAppointment
 * GET  /Appointments/GetAttachments?appointmentId=                        -> Attachment[]
 * POST /Appointments/AddAttachments body { appointmentId, files: [{ fileHttpUrl }] } -> Attachment[]
 *      (files uploaded first through POST /Storages/GetUploadUrls with folderName 'Attachments';
 *      JPG/PNG under 2 MB, PDF under 5 MB, at most 5 per appointment; errors 400
 *      attachment_file_error with `errors` [max_5_files | file_too_large | invalid_file_type])
 * GET  /Appointments/Attachments/:attachmentId/file -> the file (owner's bearer token only; the
 *      public /Storages/Files URL does not serve this folder). Attachment.fileHttpUrl is this URL.
 * GET  /Appointments/GetAllConsulationByAppointment/:id                   -> Consultation[]
 * POST /Appointments/AddAppointmentReview body ReviewRequest -> Review
 *      errors: review_not_allowed (not Completed) 409, review_exists 409
 * GET  /Appointments/GetUserFeedbacks?PageNumber=&PageSize=               -> UserFeedbacks
 * POST /Appointments/ReleaseAppointmentInvoice/release-invoice body { appointmentId } -> Invoice
 *      (409 invoice_not_allowed unless Booked/Completed with a price; the same number on every call)
 * GET  /Appointments/Receipt/:id (or :id.pdf)                             -> application/pdf
 *      (Content-Disposition attachment; the tenant's name, times in the tenant zone, VND)
 */

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const ServiceTypeId = Type.Integer({ minimum: 0, maximum: 2, 'x-message': 'select_service_type' });
const PaymentMethodId = Type.Integer({ minimum: 0, maximum: 3, 'x-message': 'select_payment_method' });
const Text = (max: number, message: string) => Type.String({ maxLength: max, 'x-message': message });
const Required = (max: number, message: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', 'x-message': message });

export const ApplyPromoCodeRequest = Type.Object({
  doctorId: Id,
  serviceTypeId: ServiceTypeId,
  promoCode: Required(40, 'promo_code_invalid'),
});
export const ApplyWalletRequest = Type.Object({
  doctorId: Id,
  serviceTypeId: ServiceTypeId,
  promoCode: Type.Optional(Text(40, 'promo_code_invalid')),
});
/** What the patient pays: price - discount (promo) - walletAmount = finalPrice (VND). */
export const PriceQuote = Type.Object({
  price: Type.Integer(),
  discount: Type.Integer(),
  walletAmount: Type.Integer(),
  walletBalance: Type.Integer(),
  finalPrice: Type.Integer(),
  promoCode: Nullable(Type.String()),
  /** The applied code's rule, shown with the discount. */
  promoRule: Nullable(PromoRule),
  /**
   * What pays the whole price instead of the patient: a free appointment of a membership package,
   * or a free consultation from the wallet of products (an activated product code).
   */
  coveredBy: Nullable(Type.Union([Type.Literal('membership'), Type.Literal('product')])),
});
export type PriceQuote = Static<typeof PriceQuote>;

export const MakeAppointmentRequest = Type.Object(
  {
    doctorId: Id,
    slotId: BigId,
    serviceTypeId: ServiceTypeId,
    patientId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'select_patient' }),
    symptomIds: Type.Array(Id, {
      maxItems: 20,
      uniqueItems: true,
      'x-message': 'select_symptom',
    }),
    otherSymptom: Type.Optional(Type.String(OTHER_SYMPTOM_RULES)),
    symptomsUnknown: Type.Optional(Type.Boolean()),
    paymentMethod: PaymentMethodId,
    hospitalId: Type.Optional(Id),
    addressId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'select_address' }),
    ),
    healthRecordIds: Type.Optional(Type.Array(Id, { maxItems: 20, uniqueItems: true })),
    /** Earlier completed appointments of the same patient whose consultation notes the new doctor may read. */
    consulationNoteAppointmentIds: Type.Optional(
      Type.Array(BigId, { maxItems: 10, uniqueItems: true, 'x-message': 'shared_consultation_not_found' }),
    ),
    promoCode: Type.Optional(Text(40, 'promo_code_invalid')),
    useWallet: Type.Optional(Type.Boolean()),
    /** A membership package of the caller whose free appointments pay for this one (payment method 2). */
    userPackageId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'user_not_join' }),
    ),
    /** A free consultation from the caller's wallet of products that pays for this one (payment method 2). */
    userProductId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'product_not_applicable' }),
    ),
    note: Type.Optional(Text(1000, 'note_too_long')),
    followUpOf: Type.Optional(BigId),
  },
  { additionalProperties: false },
);
export type MakeAppointmentRequest = Static<typeof MakeAppointmentRequest>;

export const AppointmentSummary = Type.Object({
  appointmentId: BigId,
  appointmentNumber: Type.String(),
  status: Type.Integer(),
  paymentStatus: Type.Integer(),
  paymentMethod: Type.Integer(),
  serviceTypeId: Type.Integer(),
  doctorId: Id,
  doctorName: Type.String(),
  doctorTitle: Type.String(),
  doctorPhoto: Type.String(),
  specialityName: Type.String(),
  patientId: Id,
  patientName: Type.String(),
  hospitalId: Nullable(Id),
  hospitalName: Nullable(Type.String()),
  addressText: Nullable(Type.String()),
  startsAt: Type.String(),
  endsAt: Type.String(),
  localDate: Type.String(),
  timeZone: Type.String(),
  timeSlot: Type.Integer(),
  finalPrice: Type.Integer(),
  queueNumber: Nullable(Type.Integer()),
  cancelledBy: Nullable(Type.String()),
  canCancel: Type.Boolean(),
  canReschedule: Type.Boolean(),
  canReview: Type.Boolean(),
  reviewed: Type.Boolean(),
});
export type AppointmentSummary = Static<typeof AppointmentSummary>;

export const MakeAppointmentResult = Type.Object({
  ...AppointmentSummary.properties,
  price: Type.Integer(),
  discount: Type.Integer(),
  walletAmount: Type.Integer(),
  /** Online payment only: where to send the browser, and when the slot hold lapses. */
  paymentUrl: Nullable(Type.String()),
  holdExpiresAt: Nullable(Type.String()),
});
export type MakeAppointmentResult = Static<typeof MakeAppointmentResult>;

/**
 * Money given back for an appointment (a cancel, a lapsed hold): to the wallet (at once) or to the
 * bank account or card that paid (through the payment provider), how much (VND) and when (UTC).
 */
export const Refund = Type.Object({
  to: Type.Union([Type.Literal('wallet'), Type.Literal('bank')]),
  amount: Type.Integer(),
  at: Type.String(),
});
export type Refund = Static<typeof Refund>;

export const AppointmentDetail = Type.Object({
  ...MakeAppointmentResult.properties,
  symptoms: Type.Array(Type.Object({ symptomId: Id, name: Type.String() })),
  /** The symptom in the patient's own words ('' when none) and the "not sure" choice. */
  otherSymptom: Type.String(),
  symptomsUnknown: Type.Boolean(),
  healthRecords: Type.Array(Type.Object({ healthRecordId: Id, recordName: Type.String() })),
  note: Type.String(),
  cancelReason: Nullable(Type.String()),
  cancelRemark: Nullable(Type.String()),
  rescheduleCount: Type.Integer(),
  reschedules: Type.Array(
    Type.Object({
      previousStartsAt: Type.String(),
      newStartsAt: Type.String(),
      rescheduledBy: Type.String(),
      reason: Type.String(),
      remark: Type.String(),
      createdAt: Type.String(),
    }),
  ),
  followUpOf: Nullable(BigId),
  invoiceNumber: Nullable(Type.String()),
  createdAt: Type.String(),
  /** Every refund of this appointment, oldest first (empty when nothing was given back). */
  refunds: Type.Array(Refund),
});
export type AppointmentDetail = Static<typeof AppointmentDetail>;

export const AppointmentListQuery = Type.Object({
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, default: 2, 'x-message': 'invalid_list_type' })),
  duration: Type.Optional(
    Type.Union(
      DATE_FILTERS.map((f) => Type.Literal(f)),
      { 'x-message': 'invalid_duration' },
    ),
  ),
  ...PagingQuery,
});
export const AppointmentList = Type.Object({
  appointments: Type.Array(AppointmentSummary),
  pagination: Pagination,
});
export type AppointmentList = Static<typeof AppointmentList>;

export const AppointmentIdBody = Type.Object({ appointmentId: BigId }, { additionalProperties: false });

/** CheckTimeAppointment: can the consultation be joined now? */
export const CheckTimeResult = Type.Object({
  appointmentId: BigId,
  state: Type.Union([
    Type.Literal('ok'),
    Type.Literal('not_yet_scheduled'),
    Type.Literal('appointment_ended'),
    Type.Literal('time_expired'),
    Type.Literal('booking_closed'),
  ]),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** The join window: from 10 minutes before the start to the end. */
  joinOpensAt: Type.Optional(Type.String()),
});

export const CancelRequest = Type.Object(
  {
    appointmentId: BigId,
    reason: Required(200, 'cancel_reason_required'),
    remark: Required(1000, 'remark_required'),
  },
  { additionalProperties: false },
);
export const RescheduleRequest = Type.Object(
  {
    appointmentId: BigId,
    slotId: BigId,
    reason: Required(200, 'reschedule_reason_required'),
    remark: Required(1000, 'remark_required'),
  },
  { additionalProperties: false },
);

export const Attachment = Type.Object({
  attachmentId: BigId,
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  fileHttpUrl: Type.String(),
  createdAt: Type.String(),
});

/** AddAttachments: files already uploaded to the 'Attachments' folder (at most 5 per appointment). */
export const AddAttachmentsRequest = Type.Object(
  {
    appointmentId: BigId,
    files: Type.Array(
      Type.Object({
        fileHttpUrl: Type.String({ minLength: 1, maxLength: 500, 'x-message': 'attachment_file_error' }),
      }),
      { minItems: 1, maxItems: 5, 'x-message': 'max_5_files' },
    ),
  },
  { additionalProperties: false },
);
export const AppointmentIdQuery = Type.Object({ appointmentId: BigId });

export const PrescriptionItem = Type.Object({
  name: Type.String(),
  dosage: Type.String(),
  frequency: Type.String(),
  days: Type.Integer(),
  note: Type.String(),
});
export const Consultation = Type.Object({
  consultationId: BigId,
  appointmentId: BigId,
  doctorName: Type.String(),
  diagnosis: Type.String(),
  note: Type.String(),
  advice: Type.String(),
  prescription: Type.Array(PrescriptionItem),
  createdAt: Type.String(),
});

export const ReviewRequest = Type.Object(
  {
    appointmentId: BigId,
    rating: Type.Integer({ minimum: 1, maximum: 5, 'x-message': 'rating_required' }),
    comment: Required(1000, 'comment_required'),
  },
  { additionalProperties: false },
);
export const Review = Type.Object({
  feedbackId: Id,
  appointmentId: BigId,
  doctorId: Id,
  doctorName: Type.String(),
  rating: Type.Integer(),
  comment: Type.String(),
  createdAt: Type.String(),
});
export const UserFeedbacks = Type.Object({ feedbacks: Type.Array(Review), pagination: Pagination });

export const Invoice = Type.Object({
  appointmentId: BigId,
  invoiceNumber: Type.String(),
  releasedAt: Type.String(),
  receiptUrl: Type.String({ description: 'GET it with the bearer token: the PDF receipt' }),
});
