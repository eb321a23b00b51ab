import { PHONE_KEYWORD } from './phone';
import { Type, type Static, type TSchema } from 'typebox';
import { OtpType, Two2NFType, WarningType } from './codes';
import {
  EMAIL_PATTERN,
  LOGIN_NAME_PATTERN,
  OTP_PATTERN,
  PASSWORD_MAX,
  PHONE_PATTERN,
  PIN_PATTERN,
  RECOVERY_CODE_PATTERN,
} from './account-patterns';

export { DeviceType, OtpType, Two2NFType, WarningType } from './codes';

/*
 * Accounts contract: request/reply schemas of Auth/* and Users/* plus the validation
 * rules shared by the server and the forms. All paths are under /api/v1. Every reply is the
 * envelope { isSuccess, codeMessageRespond, message, data, errors }; a 400 from schema validation
 * has codeMessageRespond 'invalid_request' and errors = the fields' 'x-message' keys below.
 *
 * Device: the `unique` header (UUID) identifies the device; when absent, deviceTokenWeb (or
 * deviceToken) of the body does. Access token: 15 min, bound to tenant + user + device.
 *
 * Login-like replies (Login, LoginWithOTP, VerifyOTPTwo2NF, VerifyOTPReliableDevice,
 * ChangePasswordNew, VerifyCreateUserWithOTP) are HTTP 200 with data = LoginData:
 *   - codeMessageRespond null + data.token       -> signed in (welcome)
 *   - codeMessageRespond null + data.tokenTwo2NFLogin (token null) -> second-factor step
 *       (data.two2NFType: 1 email -> code was emailed; 2 authenticator app) -> Auth/VerifyOTPTwo2NF
 *   - 'LoginStrangeDevice' (token null; code sent to email or phone) -> Auth/VerifyOTPReliableDevice
 *   - 'AccountNotActive' (token null; data.userId/email/mobileNumber; a new code was sent)
 *       -> Users/VerifyCreateUserWithOTP, resend with Users/ResendCreateUserWithOTP
 *   - 'PassNew' (token null) -> Auth/ChangePasswordNew, whose reply is again a login reply
 * Refusals are isSuccess false, data null:
 *   401 'UserNameOrPasswordFail', 403 'AccountLockedByAdmin', 423 'AccountLocked' (5 wrong
 *   passwords in 15 min; unlock = forgot password), 400 'enter_valid_OTP' (wrong/expired/used
 *   code; errors ['enter_valid_OTP']), 429 'too_many_requests' (rate limit or code tries used up),
 *   429 'otp_resend_too_soon' (a new code within 60 s), 400 'weak_password' (errors = keys of
 *   passwordProblems + 'common_password'), 401 'unauthorized'/'token_tenant_mismatch'.
 *
 * Endpoints (auth = bearer access token required):
 *   POST Auth/Login                  anon  LoginRequest -> LoginData
 *   POST Auth/RequestOTP             anon for otpType 0,1; auth for 2,3,7  -> { userId }
 *        0 Login / 1 ForgotPassword: NotFoundActiveAccount (404) when no active account matches
 *        2 ChangeMobileNumber: username = the NEW number (+countryId); 3 ChangeEmail: the NEW email
 *        (MobileEmailExist 409 when taken); 7 viewPin: code to the user's own email (else phone)
 *   POST Auth/LoginWithOTP           anon  -> LoginData (device becomes trusted)
 *   POST Auth/VerifyOTP              anon  checks a code without using it -> { userId }
 *   POST Auth/ChangePassword         anon  forgot password: uses the code, sets the password,
 *        clears AccountLocked, signs every device out -> null (message pass_changed)
 *   POST Auth/ChangePasswordNew      anon  { UserName, Password, currentPassword } -> LoginData
 *   POST Auth/VerifyOTPTwo2NF        anon  otp = 6-digit code or a recovery code -> LoginData
 *   POST Auth/VerifyOTPReliableDevice anon -> LoginData; the device is trusted from then on
 *   POST Auth/RefreshToken           anon  { refreshToken } -> { token, refreshToken, userId };
 *        401 'invalid_refresh_token'; a reused (already rotated) token revokes its whole family
 *   POST Auth/Logout                 auth  signs this device out (its refresh tokens) -> null
 *   POST Users/CreateUser, Users/CreateUserWithOTP  anon  RegisterRequest -> { userId }
 *        (code sent; 409 'MobileEmailExist'; 400 'weak_password'/'pass_confirm_pass_same')
 *   POST Users/VerifyCreateUserWithOTP anon { otp, userId } -> LoginData (first device trusted)
 *   POST Users/ResendCreateUserWithOTP anon { emailPhone, userId } -> { userId }
 *   GET  Users/GetUser/{id}          auth  own id only (403 'forbidden') -> UserProfile
 *   POST Users/UpdateUser            auth  -> UserProfile
 *   POST Users/ChangeMobileNumber    auth  { countryId, mobileNumber, otp } -> UserProfile
 *   POST Users/ChangeEmail           auth  { email, otp } -> UserProfile
 *   POST Users/resetPassword         auth  400 'PasswordConfirmFail' when oldPassword is wrong;
 *        signs out every other device -> null
 *   POST Users/CheckUserPassword/check-password auth { password } -> true | 400 PasswordConfirmFail
 *   POST Users/setPinCode            auth  { pinCode, confirmPinCode, password } -> null
 *   POST Users/ViewPinCode           auth  { otp } (code of purpose 7) -> { pinCode };
 *        404 'pin_not_set'
 *   POST Users/ConfigTwo2NFUser      auth  { two2NFType, password, otp? } -> TwoFactorSetup
 *        (type 2 without otp: secret + otpauth URI + QR; again with otp: enabled + 10 recovery codes)
 *   GET  Users/GetLoginDevices       auth  -> LoginDevice[]
 *   POST Users/LogoutReliableDevice  auth  { ids } (LoginDevice ids) -> null
 *   POST Users/ConfigurationWarningType auth { warningType } -> null
 *   POST Users/SendDeleteAccountRequest auth { password } -> null (account disabled at once,
 *        personal data erased after DELETE_GRACE_DAYS)
 * New message keys (not in spec section 8): weak_password, common_password, pass_8_char_long,
 * pass_too_long, otp_resend_too_soon, invalid_refresh_token, pin_not_set, valid_pin,
 * pin_confirm_pin_same, forbidden, valid_country, valid_gender, valid_date.
 */

// ---- shared validation rules (spec section 5): account-patterns.ts, free of TypeBox ----
export * from './account-patterns';

// ---- field schemas ----
/** Login names and phone numbers are normalised before their pattern: see schemas/phone.ts. */
const LoginName = Type.String({
  [PHONE_KEYWORD]: true,
  pattern: LOGIN_NAME_PATTERN,
  maxLength: 254,
  'x-message': 'valid_email_mob',
});
const AnyPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-message': 'valid_password' });
/** A new password: the policy itself is checked by the server (tenant-specific) -> 'weak_password'. */
const NewPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-message': 'new_pass_required' });
const Otp = Type.String({ pattern: OTP_PATTERN, 'x-message': 'enter_valid_OTP' });
const CountryId = Type.Integer({ minimum: 1, maximum: 100000, 'x-message': 'valid_country' });
const UserId = Type.Integer({ minimum: 1, maximum: 2147483647 });
const DeviceTypeField = Type.Integer({ minimum: 0, maximum: 2, default: 0 });
/**
 * A device's push token (the web app's localStorage fcmToken): an FCM registration token, or a Web
 * Push subscription as JSON, whose endpoint URL alone can pass 400 characters (Firefox's). As a
 * device key (no `unique` header) only its first 512 characters count.
 */
const DeviceToken = Type.String({ maxLength: 2048 });
const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: 254, 'x-message': 'valid_email' });
/** One of a few integers; every branch carries the key so a failure reports only that key. */
const IntChoice = (values: number[], key: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v, { 'x-message': key })),
    { 'x-message': key },
  );
const OtpTypeField = IntChoice(Object.values(OtpType), 'invalid_otp_type');
const Two2NFField = IntChoice(Object.values(Two2NFType), 'invalid_two2NFType');

// ---- requests ----
export const LoginRequest = Type.Object({
  userName: LoginName,
  password: AnyPassword,
  deviceType: Type.Optional(DeviceTypeField),
  deviceTokenWeb: Type.Optional(DeviceToken),
  countryId: Type.Optional(CountryId),
});
export const RequestOtpRequest = Type.Object({
  username: Type.String({
    [PHONE_KEYWORD]: true,
    minLength: 1,
    maxLength: 254,
    'x-message': 'valid_email_mob',
  }),
  countryId: Type.Optional(CountryId),
  otpType: OtpTypeField,
});
export const LoginWithOtpRequest = Type.Object({
  userName: Type.String({
    [PHONE_KEYWORD]: true,
    pattern: PHONE_PATTERN + '|' + EMAIL_PATTERN,
    maxLength: 254,
    'x-message': 'mobile_no_required',
  }),
  otp: Otp,
  countryId: Type.Optional(CountryId),
  deviceType: Type.Optional(DeviceTypeField),
  deviceTokenWeb: Type.Optional(DeviceToken),
});
export const VerifyOtpRequest = Type.Object({
  otp: Otp,
  otpType: OtpTypeField,
  username: Type.String({
    [PHONE_KEYWORD]: true,
    minLength: 1,
    maxLength: 254,
    'x-message': 'valid_email_mob',
  }),
  countryId: Type.Optional(CountryId),
});
export const ChangePasswordRequest = Type.Object({
  otp: Otp,
  otpType: Type.Literal(OtpType.ForgotPassword, { 'x-message': 'invalid_otp_type' }),
  username: Type.String({
    [PHONE_KEYWORD]: true,
    minLength: 1,
    maxLength: 254,
    'x-message': 'valid_email_mob',
  }),
  countryId: Type.Optional(CountryId),
  password: NewPassword,
  passwordConfirm: Type.Optional(
    Type.String({ maxLength: PASSWORD_MAX, 'x-message': 'confirm_pass_required' }),
  ),
});
export const ChangePasswordNewRequest = Type.Object({
  UserName: LoginName,
  Password: NewPassword,
  currentPassword: AnyPassword,
  countryId: Type.Optional(CountryId),
  deviceType: Type.Optional(DeviceTypeField),
  deviceTokenWeb: Type.Optional(DeviceToken),
});
export const VerifyTwoFactorRequest = Type.Object({
  two2NFType: Two2NFField,
  otp: Type.String({ pattern: `${OTP_PATTERN}|${RECOVERY_CODE_PATTERN}`, 'x-message': 'enter_valid_OTP' }),
  tokenTwo2NFLogin: Type.String({ minLength: 10, maxLength: 200 }),
});
export const VerifyReliableDeviceRequest = Type.Object({
  userName: LoginName,
  otp: Otp,
  deviceToken: Type.Optional(DeviceToken),
  countryId: Type.Optional(CountryId),
});
export const RefreshTokenRequest = Type.Object({
  refreshToken: Type.String({ minLength: 10, maxLength: 200, 'x-message': 'invalid_refresh_token' }),
});
export const RegisterRequest = Type.Object({
  emailPhone: LoginName,
  password: NewPassword,
  passwordConfirm: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, 'x-message': 'enter_confirm_pass' }),
  countryId: Type.Optional(CountryId),
  /**
   * Who invited the new user (the link's ?invitedby=): the spec's number (the inviter's user id)
   * or the inviter's referral code (schemas/promotions.ts). An unknown inviter is ignored.
   */
  referralId: Type.Optional(
    Type.Union([
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'invalid_referral' }),
      Type.String({ pattern: '^[A-Za-z0-9]{6,12}$', 'x-message': 'invalid_referral' }),
      Type.Null({ 'x-message': 'invalid_referral' }),
    ]),
  ),
  fullName: Type.Optional(Type.String({ maxLength: 120 })),
});
export const VerifyRegistrationRequest = Type.Object({ otp: Otp, userId: UserId });
export const ResendRegistrationRequest = Type.Object({ emailPhone: LoginName, userId: UserId });
export const UserIdParams = Type.Object({ id: UserId });
export const UpdateUserRequest = Type.Object({
  fullName: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', 'x-message': 'valid_full_name' }),
  gender: Type.Optional(
    Type.Union(
      [
        Type.Literal('M', { 'x-message': 'valid_gender' }),
        Type.Literal('F', { 'x-message': 'valid_gender' }),
        Type.Null({ 'x-message': 'valid_gender' }),
      ],
      { 'x-message': 'valid_gender' },
    ),
  ),
  dateOfBirth: Type.Optional(
    Type.Union(
      [
        Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-message': 'valid_date' }),
        Type.Null({ 'x-message': 'valid_date' }),
      ],
      { 'x-message': 'valid_date' },
    ),
  ),
});
export const ChangeMobileRequest = Type.Object({
  countryId: CountryId,
  mobileNumber: Type.String({
    [PHONE_KEYWORD]: true,
    pattern: PHONE_PATTERN,
    'x-message': 'mobile_no_required',
  }),
  otp: Otp,
});
export const ChangeEmailRequest = Type.Object({ email: Email, otp: Otp });
export const ResetPasswordRequest = Type.Object({
  oldPassword: AnyPassword,
  password: NewPassword,
  passwordConfirm: Type.String({
    minLength: 1,
    maxLength: PASSWORD_MAX,
    'x-message': 'confirm_pass_required',
  }),
});
export const CheckPasswordRequest = Type.Object({ password: AnyPassword });
export const SetPinRequest = Type.Object({
  pinCode: Type.String({ pattern: PIN_PATTERN, 'x-message': 'valid_pin' }),
  confirmPinCode: Type.String({ pattern: PIN_PATTERN, 'x-message': 'pin_confirm_pin_same' }),
  password: AnyPassword,
});
export const ViewPinRequest = Type.Object({ otp: Otp });
export const ConfigTwoFactorRequest = Type.Object({
  two2NFType: Two2NFField,
  password: AnyPassword,
  otp: Type.Optional(Otp),
});
export const LogoutDevicesRequest = Type.Object({
  ids: Type.Array(UserId, { minItems: 1, maxItems: 100, 'x-message': 'invalid_ids' }),
});
export const WarningTypeRequest = Type.Object({
  warningType: IntChoice(Object.values(WarningType), 'invalid_warning_type'),
});
export const DeleteAccountRequest = Type.Object({ password: AnyPassword });

// ---- replies ----
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const HealthProgram = Type.Object({ id: Type.Integer(), name: Type.String() });
/** Roles of spec section 6 that exist as accounts (SuperAdmin is the operator's command line). */
export const ACCOUNT_ROLES = ['patient', 'doctor', 'hospital'] as const;
export const AccountRole = Type.Union([
  Type.Literal('patient'),
  Type.Literal('doctor'),
  Type.Literal('hospital'),
]);
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const LoginData = Type.Object({
  token: Nullable(Type.String()),
  refreshToken: Nullable(Type.String()),
  tokenTwo2NFLogin: Nullable(Type.String()),
  two2NFType: Type.Integer(),
  email: Nullable(Type.String()),
  phoneCode: Nullable(Type.String()),
  mobileNumber: Nullable(Type.String()),
  userId: Type.Integer(),
  fullName: Type.String(),
  listHealthProgram: Type.Array(HealthProgram),
  userCallDiriectProgramId: Nullable(Type.Integer()),
  /** The account's role (spec section 6): doctor and hospital accounts have the /care workspace. */
  role: AccountRole,
});
export type LoginData = Static<typeof LoginData>;
export const UserIdData = Type.Object({ userId: Type.Integer() });
export const TokenPair = Type.Object({
  token: Type.String(),
  refreshToken: Type.String(),
  userId: Type.Integer(),
});
export const UserProfile = Type.Object({
  userId: Type.Integer(),
  fullName: Type.String(),
  email: Nullable(Type.String()),
  phoneCode: Nullable(Type.String()),
  countryId: Nullable(Type.Integer()),
  mobileNumber: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  dateOfBirth: Nullable(Type.String()),
  two2NFType: Type.Integer(),
  warningType: Type.Integer(),
  hasPinCode: Type.Boolean(),
  referralId: Nullable(Type.Integer()),
  role: AccountRole,
});
export type UserProfile = Static<typeof UserProfile>;
export const PinData = Type.Object({ pinCode: Type.String() });
export const TwoFactorSetup = Type.Object({
  two2NFType: Type.Integer(),
  enabled: Type.Boolean(),
  secret: Nullable(Type.String()),
  otpauthUri: Nullable(Type.String()),
  /** data:image/svg+xml;base64,... */
  qrCode: Nullable(Type.String()),
  recoveryCodes: Nullable(Type.Array(Type.String())),
});
export const LoginDevice = Type.Object({
  id: Type.Integer(),
  deviceType: Type.Integer(),
  userAgent: Type.String(),
  ip: Type.String(),
  trusted: Type.Boolean(),
  current: Type.Boolean(),
  createdAt: Type.String(),
  lastUsedAt: Type.String(),
});
export type LoginDevice = Static<typeof LoginDevice>;
