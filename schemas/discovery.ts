import { PHONE_KEYWORD } from './phone';
import { Type, type Static } from 'typebox';
import { Pagination } from './envelope';
import { MAX_UPLOAD_FILES, ORDER_TYPES, UPLOAD_FOLDERS, type UploadFolder } from './codes';

export { MAX_UPLOAD_FILES, ORDER_TYPES, UPLOAD_FOLDERS, type UploadFolder } from './codes';

/**
 * Discovery contract: search, doctor detail, blog, contact, join requests, uploads,
 * promo details and referral. Every reply is the envelope `{ isSuccess, codeMessageRespond,
 * message, data, errors }`; "-> X" below is `data`. Paths are under /api/v1. Query strings are
 * coerced; JSON bodies are not. Names are localized by `languageId` (1 en, 2 vi), else
 * x-accept-language. Paging: PageNumber >= 1 ('invalid_page_number'), 1 <= PageSize <= 100
 * ('invalid_page_size') else 400; a page past the end -> empty list with the real totalRecords.
 *
 * GET  /GlobalSearches?searchText=&languageId=           -> GlobalSearchResult[] (<= 5 per type,
 *      doctors then symptoms then specialities, best match first within a type; blank text -> [])
 * POST /Doctors/FilterDoctors  body FilterDoctorsRequest (schemas/catalogue.ts) with searchText
 *      (accent-insensitive: names containing it; if none does, names similar to it), healthProgramId
 *      (doctors of the program and its sub-programs; the web's servicetype=4) and orderType (below)
 *      -> { doctors, pagination }
 * GET  /Doctors/GetDoctorHospitals/:id                             -> Hospital[] (catalogue.ts)
 * GET  /Appointments/CheckPriceOfAppointment?doctorId=&serviceTypeId= -> PriceCheck
 * GET  /Doctors/GetDoctorFeedbacks?DoctorId=&OrderType=&PageNumber=&PageSize= -> DoctorFeedbacks
 * GET  /Doctors/GetDoctorPromocodes?doctorId=   [promoCodes]       -> PromoCode[]
 * GET  /Doctors/GetListHealthProgram/:id        [healthPrograms]   -> HealthProgram[] (programs
 *      the doctor :id takes part in)
 * GET  /Doctors/GetListHealthProgramChildren/:id [healthPrograms]  -> HealthProgram[] (children of
 *      program :id)
 * GET  /Appointments/GetDoctorScheduleTimingSlots?doctorId=&fromDate=YYYY-MM-DD&days=1..14
 *      -> ScheduleDay[] (free future slots only, grouped per local day then Morning 0 /
 *      AfterNoon 1 / Evening 2 in the tenant's booking.timeZone; days past maxDaysAhead left out,
 *      today past the same-day cut-off `closed`, a day with only taken slots `fullyBooked`)
 * GET  /Doctors/GetDoctorNames                                     -> DoctorName[]
 * GET  /Hospitals/GetHospitalNames                                 -> HospitalName[]
 * GET  /Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=      -> Symptom[] (catalogue.ts)
 * GET  /BlogCategories/GetAllBlogCategories     [blog]             -> BlogCategory[]
 * GET  /Blogs/GetAllBlogs?BlogCategoryId=&Title=&PageNumber=&PageSize= [blog] -> BlogList
 * GET  /Blogs/GetBlog/:id                       [blog]             -> Blog (contentHtml sanitized)
 * GET  /Captcha/GetChallenge                    [contact]          -> CaptchaChallenge (ALTCHA v2):
 *      give `data` to the altcha widget (v3) as its `challenge` JSON, not as challengeurl (that
 *      expects a bare body); the widget's base64 payload { challenge, solution } goes in
 *      `captcha`. Single use, expires after 10 minutes.
 * POST /ContactUsMessages/AddContactUsMessage   [contact]  body ContactUsRequest -> { contactMessageId }
 *      errors: valid_full_name, valid_email, valid_msg, must_be_bw_7_to_15, select_this
 *      (captcha missing/invalid/replayed -> 400 errors ['select_this'])
 * POST /Doctors/CreateDoctor     [joinAsDoctor]   body = schemas/forms/join-doctor.schema.json
 * POST /Hospitals/CreateHospital [joinAsHospital] body = schemas/forms/join-hospital.schema.json
 *      -> JoinRequestCreated (approvalStatus 0); invalid -> 400 with the fields' x-message keys.
 *      Tenant overrides: mergeFormSchema() in schemas/forms/merge.ts with boot.forms[formId].
 * POST /Storages/GetUploadUrls  body UploadUrlsRequest -> { fileUploads: UploadUrl[] }
 *      then PUT the raw file to uploadUrl (Content-Type = fileType; single use, 15 min) -> { fileHttpUrl }
 *      on the disk driver, an empty 200 from the object store on S3 (the file is checked on first use);
 *      GET fileHttpUrl serves it. Errors: 'invalid_file_type', 'file_too_large', 'too_many_files',
 *      'upload_url_invalid'.
 * GET  /PromoCodes/GetPromoDetails/:id          [promoCodes]       -> PromoCode
 * ManageReferrals and the other promotion endpoints: schemas/promotions.ts.
 *
 * Message keys these endpoints add (web i18n): invalid_page_number, invalid_page_size,
 * invalid_order_type, invalid_search_text, invalid_date, invalid_days, username_6_20,
 * hospital_name_6_char, valid_license_number, upload_license, upload_picture, upload_image,
 * max_5_files, valid_biography, select_language, valid_experience, select_speciality,
 * select_city, select_gender, valid_about_us, valid_address, select_country_code,
 * invalid_file_type, file_too_large, too_many_files, invalid_file_name, invalid_folder_name;
 * codes: upload_url_invalid (404), username_exists (409), service_not_offered (404),
 * doctor_not_found (404).
 */

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Spec "Search types": Doctor 0, Symptom 1, Speciality 2. */
export const SEARCH_TYPE = { doctor: 0, symptom: 1, speciality: 2 } as const;
export const GlobalSearchQuery = Type.Object({
  searchText: Type.Optional(Type.String({ maxLength: 100, 'x-message': 'invalid_search_text' })),
  languageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export const GlobalSearchResult = Type.Object({
  id: Id,
  name: Type.String(),
  type: Type.Union([Type.Literal('doctor'), Type.Literal('symptom'), Type.Literal('speciality')]),
  typeId: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
});
export type GlobalSearchResult = Static<typeof GlobalSearchResult>;

/**
 * Extra FilterDoctors body fields (merged into FilterDoctorsRequest).
 * orderType: 'relevance' (needs searchText; else falls back to rating), 'earliestSlot' (soonest
 * free slot first, doctors without one last), 'rating' (default), 'price' (lowest offered price,
 * within serviceTypes when given), 'experience'. orderBy DESC (default) / ASC flips rating, price
 * and experience; relevance and earliestSlot are always best/soonest first.
 */
export const OrderType = Type.Unsafe<(typeof ORDER_TYPES)[number]>({
  type: 'string',
  enum: [...ORDER_TYPES],
  'x-message': 'invalid_order_type',
});
export type OrderType = Static<typeof OrderType>;

export const PriceCheckQuery = Type.Object({
  doctorId: Id,
  serviceTypeId: Type.Integer({ minimum: 0, maximum: 2 }),
});
export const PriceCheck = Type.Object({
  doctorId: Id,
  serviceTypeId: Type.Integer(),
  price: Type.Integer(),
  discount: Type.Integer(),
  finalPrice: Type.Integer(),
});

/** OrderType of GetDoctorFeedbacks: 0 newest (default), 1 highest rating, 2 lowest rating. */
export const DoctorFeedback = Type.Object({
  feedbackId: Id,
  patientName: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String(),
  createdAt: Type.String(),
});
export const DoctorFeedbacks = Type.Object({
  feedbacks: Type.Array(DoctorFeedback),
  averageRating: Type.Number(),
  pagination: Pagination,
});

/**
 * An offer's rule, shown wherever the offer is (home card, offer page, booking price step) so
 * that "20 %" never hides its cap: discount_percent of the price, at most maxDiscount (0: no cap),
 * for prices from minAmount, for the listed visit kinds, until expiresAt.
 */
const promoRuleFields = {
  discountPercent: Type.Integer(),
  maxDiscount: Type.Integer(),
  /** The lowest price the code applies to (0: any). */
  minAmount: Type.Integer(),
  /** The visit kinds (service types) the code is for; null: every kind. */
  serviceTypeIds: Type.Union([Type.Array(Type.Integer({ minimum: 0, maximum: 2 })), Type.Null()]),
  expiresAt: Type.String(),
};
export const PromoRule = Type.Object(promoRuleFields);
export type PromoRule = Static<typeof PromoRule>;

export const PromoCode = Type.Object({
  promoCodeId: Id,
  code: Type.String(),
  title: Type.String(),
  description: Type.String(),
  ...promoRuleFields,
  doctorId: Type.Union([Id, Type.Null()]),
});

export const HealthProgram = Type.Object({
  healthProgramId: Id,
  parentId: Type.Union([Id, Type.Null()]),
  name: Type.String(),
  description: Type.String(),
  price: Type.Integer(),
  childCount: Type.Integer(),
});

export const ScheduleQuery = Type.Object({
  doctorId: Id,
  fromDate: Type.Optional(Type.String({ format: 'date', 'x-message': 'invalid_date' })),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 14, default: 7, 'x-message': 'invalid_days' })),
});
export const ScheduleSlot = Type.Object({
  slotId: Id,
  startsAt: Type.String(),
  endsAt: Type.String(),
  hospitalId: Type.Union([Id, Type.Null()]),
});
export const ScheduleDay = Type.Object({
  date: Type.String({ description: "YYYY-MM-DD, local to the tenant's booking.timeZone" }),
  timeSlots: Type.Array(
    Type.Object({
      timeSlot: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
      slots: Type.Array(ScheduleSlot),
    }),
  ),
  fullyBooked: Type.Optional(
    Type.Boolean({ description: 'The doctor has slots that day but every one is taken (waitlist)' }),
  ),
  closed: Type.Optional(Type.Boolean({ description: "Today past the tenant's same-day booking cut-off" })),
});

export const DoctorName = Type.Object({ doctorId: Id, fullName: Type.String() });
export const HospitalName = Type.Object({ hospitalId: Id, name: Type.String() });

export const BlogCategory = Type.Object({
  blogCategoryId: Id,
  name: Type.String(),
  blogCount: Type.Integer(),
});
export const BlogSummary = Type.Object({
  blogId: Id,
  blogCategoryId: Id,
  categoryName: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  image: Type.String(),
  author: Type.String(),
  publishedAt: Type.String(),
});
export const Blog = Type.Object({ ...BlogSummary.properties, contentHtml: Type.String() });
export const BlogList = Type.Object({ blogs: Type.Array(BlogSummary), pagination: Pagination });

/** ALTCHA (v2) challenge as altcha-lib createChallenge() returns it: the widget's `challenge`. */
export const CaptchaChallenge = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    memoryCost: Type.Optional(Type.Integer()),
    parallelism: Type.Optional(Type.Integer()),
    expiresAt: Type.Optional(Type.Integer()),
    data: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    ),
  }),
  signature: Type.String(),
});

/**
 * Contact form (spec sections 3 and 5). `captcha` is the ALTCHA widget's base64 payload. Required
 * fields default to '' so that a missing field fails its own rule and answers its spec message key
 * (a missing field would otherwise answer the generic invalid_body_<field>).
 */
export const ContactUsRequest = Type.Object({
  fullName: Type.String({
    default: '',
    maxLength: 100,
    pattern: '\\S',
    'x-message': 'valid_full_name',
  }),
  email: Type.String({ default: '', maxLength: 254, pattern: '[@.]', 'x-message': 'valid_email' }),
  phoneCode: Type.Optional(
    Type.String({ maxLength: 6, pattern: '^\\+?[0-9]{1,4}$', 'x-message': 'select_country_code' }),
  ),
  countryId: Type.Optional(Type.Integer({ minimum: 1, 'x-message': 'select_country_code' })),
  mobileNumber: Type.String({
    [PHONE_KEYWORD]: true,
    default: '',
    pattern: '^[0-9]{7,15}$',
    'x-message': 'must_be_bw_7_to_15',
  }),
  message: Type.String({ default: '', maxLength: 2000, pattern: '\\S', 'x-message': 'valid_msg' }),
  captcha: Type.String({ default: '', minLength: 1, maxLength: 4000, 'x-message': 'select_this' }),
});
export type ContactUsRequest = Static<typeof ContactUsRequest>;

export const JoinRequestCreated = Type.Object({
  joinRequestId: Id,
  approvalStatus: Type.Literal(0),
});

export const UploadUrlsRequest = Type.Object({
  files: Type.Array(
    Type.Object({
      fileType: Type.Unsafe<'image/jpeg' | 'image/png' | 'application/pdf'>({
        type: 'string',
        enum: ['image/jpeg', 'image/png', 'application/pdf'],
        'x-message': 'invalid_file_type',
      }),
      fileName: Type.String({ minLength: 1, maxLength: 200, 'x-message': 'invalid_file_name' }),
      folderName: Type.Unsafe<UploadFolder>({
        type: 'string',
        enum: Object.keys(UPLOAD_FOLDERS),
        'x-message': 'invalid_folder_name',
      }),
    }),
    { minItems: 1, maxItems: MAX_UPLOAD_FILES, 'x-message': 'too_many_files' },
  ),
});
export type UploadUrlsRequest = Static<typeof UploadUrlsRequest>;
export const UploadUrl = Type.Object({ uploadUrl: Type.String(), fileHttpUrl: Type.String() });
export const UploadUrlsResponse = Type.Object({ fileUploads: Type.Array(UploadUrl) });
