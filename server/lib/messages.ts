import type { LanguageCode } from '../../schemas/tenant.schema';
import { BOOKING_MESSAGES } from './booking-messages';
import { IOMT_MESSAGES } from './iomt-messages';
import { PROMOTION_MESSAGES } from './promotion-messages';

/**
 * Server-side texts of the codes the server itself produces, so a client without the key in its
 * table (or a developer with curl) still reads a clear sentence in the request's language.
 */
const MESSAGES: Record<string, Record<LanguageCode, string>> = {
  invalid_request: { vi: 'Dữ liệu gửi lên không hợp lệ.', en: 'The request is not valid.' },
  request_timeout: {
    vi: 'Yêu cầu gửi lên quá chậm. Vui lòng thử lại.',
    en: 'The request took too long to arrive. Please try again.',
  },
  invalid_text: {
    vi: 'Nội dung có ký tự không hợp lệ. Vui lòng nhập lại.',
    en: 'The text contains a character that is not allowed. Please type it again.',
  },
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
  follow_up_not_allowed: {
    vi: 'Chỉ có thể đặt lịch tái khám từ một lịch hẹn đã hoàn thành với cùng bác sĩ.',
    en: 'A follow-up can only be booked from a completed appointment with the same doctor.',
  },
  server_error: {
    vi: 'Lỗi máy chủ, vui lòng đợi một phút rồi thử lại.',
    en: 'Server error, please wait a minute and retry.',
  },
  database_unavailable: {
    vi: 'Hệ thống đang tạm gián đoạn, vui lòng thử lại sau ít giây.',
    en: 'The service is briefly unavailable; please try again in a few seconds.',
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
  // Accounts
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
  // Appointments after-care
  appointment_error: { vi: 'Lịch hẹn không tồn tại.', en: 'The appointment does not exist.' },
  not_yet_scheduled: {
    vi: 'Chưa đến giờ hẹn. Bạn có thể vào cuộc hẹn từ 10 phút trước giờ bắt đầu.',
    en: 'It is not time yet. You can join from 10 minutes before the start.',
  },
  appointment_ended: { vi: 'Cuộc hẹn đã kết thúc.', en: 'The appointment has ended.' },
  time_expired: { vi: 'Đã hết thời gian cuộc gọi.', en: 'The call time has expired.' },
  booking_closed: { vi: 'Lịch hẹn đã đóng.', en: 'This booking is closed.' },
  attachment_file_error: {
    vi: 'Tệp đính kèm không hợp lệ. Chỉ nhận JPG, JPEG, PNG dưới 2 MB hoặc PDF dưới 5 MB.',
    en: 'The attachment is not valid. Only JPG, JPEG, PNG under 2 MB or PDF under 5 MB are accepted.',
  },
  max_5_files: { vi: 'Tối đa 5 tệp.', en: 'At most 5 files.' },
  file_too_large: { vi: 'Tệp quá lớn.', en: 'The file is too large.' },
  invalid_file_type: { vi: 'Định dạng tệp không được hỗ trợ.', en: 'This file type is not supported.' },
  review_not_allowed: {
    vi: 'Chỉ có thể đánh giá lịch hẹn đã hoàn thành.',
    en: 'Only a completed appointment can be reviewed.',
  },
  review_exists: { vi: 'Bạn đã đánh giá lịch hẹn này.', en: 'You have already reviewed this appointment.' },
  rating_required: { vi: 'Vui lòng chọn số sao từ 1 đến 5.', en: 'Please choose a rating from 1 to 5.' },
  comment_required: { vi: 'Vui lòng nhập nhận xét.', en: 'Please enter a comment.' },
  invoice_not_allowed: {
    vi: 'Chỉ xuất hóa đơn cho lịch hẹn đã đặt hoặc đã hoàn thành có phí.',
    en: 'An invoice is only released for a booked or completed appointment with a price.',
  },
  // Faults: the file store is unreachable (503 with Retry-After); a write rolled back.
  storage_unavailable: {
    vi: 'Kho lưu trữ tệp tạm thời không truy cập được. Vui lòng thử lại sau ít phút.',
    en: 'File storage is unreachable right now. Please try again in a few minutes.',
  },
  receipt_unavailable: {
    vi: 'Không thể tạo biên nhận lúc này, vui lòng thử lại sau.',
    en: 'The receipt cannot be created right now; please try again later.',
  },
  invalid_list_type: { vi: 'Loại danh sách không hợp lệ.', en: 'The list type is not valid.' },
  invalid_duration: { vi: 'Bộ lọc thời gian không hợp lệ.', en: 'The date filter is not valid.' },
  // Notifications and waitlist.
  wallet_not_found: { vi: 'Không tìm thấy ví.', en: 'Wallet not found.' },
  invalid_user_id: { vi: 'Mã người dùng không hợp lệ.', en: 'The user id is not valid.' },
  notification_not_found: { vi: 'Không tìm thấy thông báo.', en: 'Notification not found.' },
  invalid_notification_id: { vi: 'Mã thông báo không hợp lệ.', en: 'The notification id is not valid.' },
  invalid_push_token: {
    vi: 'Thiết bị này chưa đăng ký nhận thông báo đẩy hợp lệ. Vui lòng bật lại thông báo.',
    en: 'This device did not send a valid push subscription. Please turn notifications on again.',
  },
  push_unavailable: {
    vi: 'Cổng thông tin này chưa hỗ trợ thông báo đẩy.',
    en: 'Push notifications are not offered on this portal.',
  },
  invalid_notification_preferences: {
    vi: 'Lựa chọn nhận thông báo không hợp lệ: mỗi kênh cần bật hoặc tắt từng loại tin.',
    en: 'The notification choices are not valid: each channel needs every kind of message on or off.',
  },
  invalid_quiet_hours: {
    vi: 'Giờ yên lặng không hợp lệ: dùng dạng GG:pp, từ 00:00 đến 23:59.',
    en: 'The quiet hours are not valid: use HH:mm, from 00:00 to 23:59.',
  },
  unsubscribe_link_invalid: {
    vi: 'Liên kết ngừng nhận thư không hợp lệ hoặc đã hết hiệu lực.',
    en: 'This unsubscribe link is not valid.',
  },
  waitlist_not_found: { vi: 'Không tìm thấy đăng ký chờ.', en: 'Waitlist entry not found.' },
  invalid_waitlist_id: { vi: 'Mã đăng ký chờ không hợp lệ.', en: 'The waitlist entry id is not valid.' },
  invalid_local_date: { vi: 'Ngày không hợp lệ.', en: 'The date is not valid.' },
  waitlist_day_not_open: {
    vi: 'Ngày này không nằm trong khoảng thời gian được đặt lịch.',
    en: 'This day is not open for booking.',
  },
  waitlist_slots_available: {
    vi: 'Ngày này vẫn còn lịch trống, bạn có thể đặt ngay.',
    en: 'This day still has free places; you can book now.',
  },
  waitlist_already_joined: {
    vi: 'Bạn đã đăng ký chờ với bác sĩ này trong ngày này.',
    en: 'You are already waiting for this doctor on this day.',
  },
  waitlist_already_booked: {
    vi: 'Người bệnh đã có lịch hẹn với bác sĩ này trong ngày này.',
    en: 'This patient already has an appointment with this doctor on this day.',
  },
  // Patients and addresses.
  patient_not_found: { vi: 'Không tìm thấy hồ sơ người bệnh.', en: 'Patient not found.' },
  address_not_found: { vi: 'Không tìm thấy địa chỉ.', en: 'Address not found.' },
  province_not_found: { vi: 'Không tìm thấy tỉnh/thành phố.', en: 'Province not found.' },
  id_number_exists: {
    vi: 'Số CMND/CCCD/hộ chiếu này đã được dùng cho một hồ sơ khác.',
    en: 'This ID card/CCCD/passport number is already used by another profile.',
  },
  patient_has_upcoming_appointment: {
    vi: 'Không thể xóa: người này còn lịch hẹn sắp tới.',
    en: 'This person still has an upcoming appointment and cannot be deleted.',
  },
  cannot_delete_self: {
    vi: 'Không thể xóa hồ sơ của chính bạn.',
    en: 'Your own profile cannot be deleted.',
  },
  ...BOOKING_MESSAGES,
  ...IOMT_MESSAGES,
  ...PROMOTION_MESSAGES,
  // Direct calls (spec section 8 call messages; schemas/direct-calls.ts)
  user_not_join: {
    vi: 'Vui lòng tham gia gói thành viên để gọi cho bác sĩ.',
    en: 'Please join the membership package to call a doctor.',
  },
  package_expired: { vi: 'Gói thành viên của bạn đã hết hạn.', en: 'Your membership package has expired.' },
  validate_number_call: { vi: 'Bạn đã hết lượt gọi.', en: 'You have no call attempts left.' },
  doctor_not_connected: {
    vi: 'Hiện chưa có bác sĩ nào trực tuyến. Lượt gọi của bạn không bị trừ, vui lòng thử lại sau.',
    en: 'No doctor is online right now. No call was used; please try again later.',
  },
  direct_call_profile_required: {
    vi: 'Vui lòng hoàn tất hồ sơ của bạn trước khi gọi bác sĩ.',
    en: 'Please complete your profile before calling a doctor.',
  },
  direct_call_not_found: { vi: 'Cuộc gọi không tồn tại.', en: 'This call does not exist.' },
  direct_call_taken: {
    vi: 'Một bác sĩ khác đã nhận cuộc gọi này.',
    en: 'Another doctor has already taken this call.',
  },
  direct_call_over: {
    vi: 'Cuộc gọi này đã kết thúc (bệnh nhân đã hủy hoặc hết thời gian chờ).',
    en: 'This call is over (the patient cancelled or it rang out).',
  },
  // Care workspace (doctors and hospital staff, schemas/care.ts)
  care_forbidden: {
    vi: 'Chỉ tài khoản bác sĩ hoặc nhân viên bệnh viện mới vào được khu làm việc.',
    en: 'Only doctor and hospital staff accounts can use the workspace.',
  },
  care_doctor_only: {
    vi: 'Chỉ bác sĩ mới đặt được trạng thái trực tuyến.',
    en: 'Only doctors can set their availability.',
  },
  appointment_not_active: {
    vi: 'Lịch hẹn này đã kết thúc hoặc đã bị hủy.',
    en: 'This appointment has already ended or been cancelled.',
  },
  no_show_too_early: {
    vi: 'Chỉ đánh dấu vắng mặt sau giờ bắt đầu.',
    en: 'A no-show can only be marked after the start time.',
  },
  diagnosis_required: { vi: 'Vui lòng nhập chẩn đoán.', en: 'Please enter the diagnosis.' },
  consultation_note_required: {
    vi: 'Vui lòng nhập ghi chú khám.',
    en: 'Please enter the consultation note.',
  },
  prescription_name_required: { vi: 'Vui lòng nhập tên thuốc.', en: 'Please enter the medicine name.' },
  invalid_prescription: { vi: 'Đơn thuốc không hợp lệ.', en: 'The prescription is not valid.' },
  invalid_advice: { vi: 'Lời dặn quá dài.', en: 'The advice is too long.' },
  invalid_remark: { vi: 'Ghi chú quá dài.', en: 'The remark is too long.' },
  invalid_scope: { vi: 'Danh sách không hợp lệ.', en: 'This list does not exist.' },
  shared_consultation_not_found: {
    vi: 'Chỉ chia sẻ được các lần khám đã hoàn thành của chính người khám này.',
    en: "Only this patient's own completed consultations can be shared.",
  },
  invalid_appointment_ids: {
    vi: 'Danh sách lịch hẹn không hợp lệ.',
    en: 'The appointment list is not valid.',
  },
  invalid_presence: { vi: 'Trạng thái không hợp lệ.', en: 'This availability is not valid.' },
};

/** The text of a code in a language, or null when the server has none (the client translates). */
export function messageFor(code: string, lang: LanguageCode): string | null {
  return MESSAGES[code]?.[lang] ?? null;
}
