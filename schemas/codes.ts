/**
 * Plain constants shared by the API schemas and the web app. No TypeBox here: the web app imports
 * these without bundling the schema library (schemas/accounts.ts and schemas/discovery.ts
 * re-export them for the server).
 */

/** OTP purposes (spec section 3). */
export const OtpType = {
  Login: 0,
  ForgotPassword: 1,
  ChangeMobileNumber: 2,
  ChangeEmail: 3,
  ViewPin: 7,
} as const;
export type OtpType = (typeof OtpType)[keyof typeof OtpType];
/** Second-factor methods: none, email code, authenticator app (RFC 6238 TOTP). */
export const Two2NFType = { None: 0, Email: 1, AuthenticatorApp: 2 } as const;
/** Login alerts: 0 none, 1 an email when a new device signs in. */
export const WarningType = { None: 0, EmailOnNewDevice: 1 } as const;
/** Device types (spec section 3). */
export const DeviceType = { Web: 0, Android: 1, IOS: 2 } as const;

/** FilterDoctors sort orders (see FilterDoctorsExtras in schemas/discovery.ts). */
export const ORDER_TYPES = ['relevance', 'earliestSlot', 'rating', 'price', 'experience'] as const;

/**
 * Upload folders and what each accepts (spec section 5): images are JPG/JPEG/PNG, "document"
 * folders also PDF; all under 2 MB except PDF-only folders (5 MB).
 */
export const UPLOAD_FOLDERS = {
  DoctorPicture: { types: ['image/jpeg', 'image/png'], maxBytes: 2 * 1024 * 1024 },
  HospitalImage: { types: ['image/jpeg', 'image/png'], maxBytes: 2 * 1024 * 1024 },
  License: { types: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: 2 * 1024 * 1024 },
  Documents: { types: ['application/pdf'], maxBytes: 5 * 1024 * 1024 },
  /**
   * Files a patient attaches to an appointment: images under 2 MB (ATTACHMENT_IMAGE_MAX_BYTES,
   * checked when linked), PDF under 5 MB. Private: never served at the public file URL, only
   * through GET /Appointments/Attachments/:id/file with the owner's session.
   */
  Attachments: {
    types: ['image/jpeg', 'image/png', 'application/pdf'],
    maxBytes: 5 * 1024 * 1024,
    private: true,
  },
  /** Files of a health record (spec section 5: JPG, JPEG, PNG, PDF under 2 MB; at most 5). */
  HealthRecords: {
    types: ['image/jpeg', 'image/png', 'application/pdf'],
    maxBytes: 2 * 1024 * 1024,
    private: true,
  },
  /** An insurance claim's ID/passport images (front, back) and claim documents. */
  InsuranceClaims: {
    types: ['image/jpeg', 'image/png', 'application/pdf'],
    maxBytes: 2 * 1024 * 1024,
    private: true,
  },
  /** Photos of the health and social insurance cards of an insurance profile (images only). */
  InsuranceCards: { types: ['image/jpeg', 'image/png'], maxBytes: 2 * 1024 * 1024, private: true },
  /** Signatures of fee guarantee confirmations (PNG drawn on screen). */
  Signatures: { types: ['image/png'], maxBytes: 2 * 1024 * 1024, private: true },
} as const;
/**
 * Folders whose files only their owner's feature serves (never the public file URL). Their
 * upload URLs are granted to a signed-in user only, and only that user can link the file.
 */
export const PRIVATE_UPLOAD_FOLDERS: readonly string[] = Object.entries(UPLOAD_FOLDERS)
  .filter(([, folder]) => 'private' in folder && folder.private)
  .map(([name]) => name);
/** Image attachments of an appointment: at most 2 MB (PDF: the folder's 5 MB). */
export const ATTACHMENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export type UploadFolder = keyof typeof UPLOAD_FOLDERS;
export const MAX_UPLOAD_FILES = 5;

/** Service types (spec section 3): the four kinds of consultation (3 = direct call). */
export const ServiceType = { HospitalVisit: 0, VideoConsulting: 1, HomeVisit: 2, DirectCall: 3 } as const;
export type ServiceType = (typeof ServiceType)[keyof typeof ServiceType];
/** How often the direct call's ringing screen and the doctors' workspace look for a change (s). */
export const DIRECT_CALL_POLL_SECONDS = 2;
/** Appointment status (spec section 3). Active (holds its slot): Pending, PaymentInitiated, Booked. */
export const AppointmentStatus = {
  Pending: 0,
  PaymentInitiated: 1,
  PaymentCancel: 2,
  PaymentFailed: 3,
  Booked: 4,
  Cancelled: 5,
  Completed: 10,
  /** The patient did not come (marked by the doctor side after the start; migration 020). */
  NoShow: 11,
} as const;
export type AppointmentStatus = (typeof AppointmentStatus)[keyof typeof AppointmentStatus];
export const ACTIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [0, 1, 4];
/** Payment status (spec section 3). */
export const PaymentStatus = {
  NotApplicable: 0,
  Pending: 1,
  Completed: 2,
  Cancelled: 3,
  Failed: 4,
  Refunded: 5,
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
/** Payment methods (spec section 3). */
export const PaymentMethod = {
  CashOnConsultation: 0,
  PayOnline: 1,
  FreeOfConsultation: 2,
  RequestForMedicalFeeCoverage: 3,
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
/** Who cancelled an appointment: status labels for the patient, the doctor, the hospital, the system. */
export const CANCELLED_BY = ['patient', 'doctor', 'hospital', 'system'] as const;
/** Time slots (spec section 3). */
export const TimeSlot = { Morning: 0, AfterNoon: 1, Evening: 2 } as const;
/** Appointment list filter (spec section 3). */
export const AppointmentListType = { Past: 1, Upcoming: 2 } as const;
/** Date filters of lists (spec section 3). */
export const DATE_FILTERS = ['today', 'this_week', 'this_month', 'last_month', 'this_year', 'all'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
/** Health record types (spec section 3). */
export const HealthRecordType = { Other: 0, Report: 1, Prescription: 2, HealthExamination: 3 } as const;
/** Genders of patients and doctors. */
export const GENDERS = ['M', 'F'] as const;
/** Past-consultation page size (spec section 9). */
export const PAST_CONSULTATION_PAGE_SIZE = 5;
