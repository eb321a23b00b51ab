import type { LanguageCode } from '../../schemas/tenant.schema';

/**
 * Server-side texts of the codes the server itself produces, so a client without the key in its
 * table (or a developer with curl) still reads a clear sentence in the request's language.
 */
const MESSAGES: Record<string, Record<LanguageCode, string>> = {
  invalid_request: { vi: 'Dữ liệu gửi lên không hợp lệ.', en: 'The request is not valid.' },
  invalid_json: { vi: 'Nội dung gửi lên không phải JSON hợp lệ.', en: 'The request body is not valid JSON.' },
  request_too_large: { vi: 'Dữ liệu gửi lên quá lớn.', en: 'The request is too large.' },
  unsupported_media_type: {
    vi: 'Định dạng dữ liệu không được hỗ trợ.',
    en: 'This content type is not supported.',
  },
  not_found: { vi: 'Không tìm thấy.', en: 'Not found.' },
  tenant_not_found: { vi: 'Không tìm thấy cổng thông tin này.', en: 'This portal does not exist.' },
  feature_disabled: {
    vi: 'Tính năng này không có trên cổng thông tin này.',
    en: 'This feature is not offered here.',
  },
  unauthorized: {
    vi: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập.',
    en: 'Session expired. Please login.',
  },
  token_tenant_mismatch: {
    vi: 'Phiên đăng nhập không thuộc cổng thông tin này.',
    en: 'This session belongs to another portal.',
  },
  too_many_requests: {
    vi: 'Bạn thao tác quá nhanh, vui lòng thử lại sau.',
    en: 'Too many requests; try again later.',
  },
  server_error: {
    vi: 'Lỗi máy chủ, vui lòng đợi một phút rồi thử lại.',
    en: 'Server error, please wait a minute and retry.',
  },
  doctor_not_found: { vi: 'Không tìm thấy bác sĩ.', en: 'Doctor not found.' },
  service_not_offered: {
    vi: 'Bác sĩ không cung cấp dịch vụ này.',
    en: 'The doctor does not offer this service.',
  },
  upload_url_invalid: {
    vi: 'Liên kết tải lên không hợp lệ hoặc đã hết hạn.',
    en: 'This upload link is invalid, used or expired.',
  },
  username_exists: { vi: 'Tên đăng nhập đã được sử dụng.', en: 'This username is already taken.' },
  // Accounts (issue 3)
  user_signin_success: { vi: 'Đăng nhập thành công.', en: 'Signed in successfully.' },
  UserNameOrPasswordFail: {
    vi: 'Email/số điện thoại hoặc mật khẩu không đúng.',
    en: 'The email/mobile number or password is incorrect.',
  },
  AccountLockedByAdmin: {
    vi: 'Tài khoản đã bị khóa. Vui lòng liên hệ quản trị viên.',
    en: 'Your account is locked. Please contact the administrator.',
  },
  AccountLocked: {
    vi: 'Tài khoản bị tạm khóa do nhập sai mật khẩu nhiều lần. Hãy dùng chức năng quên mật khẩu.',
    en: 'Your account is locked after too many wrong passwords. Use forgot password to unlock it.',
  },
  AccountNotActive: {
    vi: 'Tài khoản chưa được kích hoạt. Vui lòng nhập mã xác thực.',
    en: 'Your account is not activated yet. Please enter the verification code.',
  },
  LoginStrangeDevice: {
    vi: 'Bạn đang đăng nhập từ thiết bị mới. Vui lòng nhập mã xác nhận đã gửi.',
    en: 'You are signing in from a new device. Please enter the code we sent.',
  },
  PassNew: { vi: 'Vui lòng đặt mật khẩu mới.', en: 'Please set a new password.' },
  MobileEmailExist: {
    vi: 'Email hoặc số điện thoại đã được đăng ký.',
    en: 'This email or mobile number is already registered.',
  },
  NotFoundActiveAccount: {
    vi: 'Không tìm thấy tài khoản đang hoạt động.',
    en: 'No active account was found.',
  },
  enter_valid_OTP: { vi: 'Mã xác thực không đúng.', en: 'The verification code is not correct.' },
  otp_resend_too_soon: {
    vi: 'Vui lòng đợi 60 giây trước khi gửi lại mã.',
    en: 'Please wait 60 seconds before asking for a new code.',
  },
  weak_password: { vi: 'Mật khẩu không đủ mạnh.', en: 'The password is not strong enough.' },
  invalid_refresh_token: {
    vi: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập.',
    en: 'Session expired. Please login.',
  },
  PasswordConfirmFail: { vi: 'Mật khẩu xác nhận không đúng.', en: 'The confirmation password is incorrect.' },
  pin_not_set: { vi: 'Bạn chưa đặt mã PIN.', en: 'No PIN has been set.' },
  forbidden: { vi: 'Bạn không có quyền truy cập.', en: 'Access denied.' },
  otp_send_msg: { vi: 'Mã xác thực đã được gửi.', en: 'The verification code has been sent.' },
  otp_sent_to_email: {
    vi: 'Mã xác thực đã được gửi tới email của bạn.',
    en: 'The verification code has been sent to your email.',
  },
  otp_sent_to_mob: {
    vi: 'Mã xác thực đã được gửi tới số điện thoại của bạn.',
    en: 'The verification code has been sent to your mobile number.',
  },
  pass_changed: { vi: 'Mật khẩu đã được thay đổi.', en: 'Your password has been changed.' },
};

/** The text of a code in a language, or null when the server has none (the client translates). */
export function messageFor(code: string, lang: LanguageCode): string | null {
  return MESSAGES[code]?.[lang] ?? null;
}
