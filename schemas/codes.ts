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
} as const;
export type UploadFolder = keyof typeof UPLOAD_FOLDERS;
export const MAX_UPLOAD_FILES = 5;
