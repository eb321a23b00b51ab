import type { LanguageCode } from '../../schemas/tenant.schema';

/** Texts of the booking and payment codes (the write path of appointments); part of messages.ts. */
export const BOOKING_MESSAGES: Record<string, Record<LanguageCode, string>> = {
  // Booking (write path)
  slot_unavailable: {
    vi: 'Khung giờ này vừa có người đặt hoặc không còn nhận lịch. Vui lòng chọn khung giờ khác.',
    en: 'This time slot has just been taken or is no longer open. Please choose another one.',
  },
  doctor_time_conflict: {
    vi: 'Bác sĩ đã có lịch hẹn khác trùng thời gian này. Vui lòng chọn khung giờ khác.',
    en: 'The doctor already has another appointment at this time. Please choose another slot.',
  },
  patient_same_day: {
    vi: 'Người bệnh đã có một lịch hẹn với bác sĩ này trong ngày. Vui lòng chọn ngày khác.',
    en: 'This patient already has an appointment with this doctor on that day. Please choose another day.',
  },
  registration_exceeded: {
    vi: 'Số người đăng ký khám của đơn vị trong ngày này đã vượt giới hạn. Vui lòng chọn ngày khác.',
    en: 'Registrations for this unit on that date have reached the limit. Please choose another date.',
  },
  payment_method_not_allowed: {
    vi: 'Phương thức thanh toán này không áp dụng cho lịch hẹn này.',
    en: 'This payment method is not available for this appointment.',
  },
  personal_info_required: {
    vi: 'Vui lòng cập nhật đầy đủ thông tin cá nhân của người bệnh trước khi đặt lịch.',
    en: 'Please complete the patient’s personal information before booking.',
  },
  promo_code_invalid: {
    vi: 'Mã khuyến mãi không hợp lệ hoặc không áp dụng được.',
    en: 'The promo code is invalid or not applicable.',
  },
  promo_code_wrong_service: {
    vi: 'Mã khuyến mãi này không áp dụng cho hình thức khám đã chọn.',
    en: 'This promo code does not apply to the chosen kind of visit.',
  },
  promo_code_min_amount: {
    vi: 'Phí khám chưa đạt mức tối thiểu để dùng mã khuyến mãi này.',
    en: 'The fee is below the minimum this promo code needs.',
  },
  wallet_not_eligible: {
    vi: 'Số tiền trong ví không đủ điều kiện sử dụng cho lịch hẹn này.',
    en: 'The wallet amount is not eligible for this appointment.',
  },
  scheduling_failed: {
    vi: 'Đặt lịch không thành công, vui lòng thử lại.',
    en: 'Scheduling failed, please try again.',
  },
  idempotency_key_reused: {
    vi: 'Mã yêu cầu (Idempotency-Key) đã được dùng cho một yêu cầu khác.',
    en: 'This Idempotency-Key was already used for a different request.',
  },
  invalid_idempotency_key: {
    vi: 'Idempotency-Key phải dài 8 đến 100 ký tự.',
    en: 'The Idempotency-Key must be 8 to 100 characters.',
  },
  cancel_not_allowed: {
    vi: 'Không thể hủy lịch hẹn: đã quá số lần cho phép hoặc điều kiện thời gian không hợp lệ.',
    en: 'This appointment cannot be cancelled: the allowed number was exceeded or the time conditions are not met.',
  },
  cancel_too_late: {
    vi: 'Đã quá thời hạn hủy lịch trước giờ hẹn.',
    en: 'It is too close to the appointment time to cancel.',
  },
  reschedule_not_allowed: {
    vi: 'Không thể đổi lịch hẹn: đã quá số lần cho phép hoặc điều kiện thời gian không hợp lệ.',
    en: 'This appointment cannot be rescheduled: the allowed number was exceeded or the time conditions are not met.',
  },
  reschedule_limit_reached: {
    vi: 'Lịch hẹn này đã được đổi đủ số lần cho phép.',
    en: 'This appointment has been rescheduled the maximum number of times.',
  },
  reschedule_too_late: {
    vi: 'Đã quá thời hạn đổi lịch trước giờ hẹn.',
    en: 'It is too close to the appointment time to reschedule.',
  },
  reschedule_same_slot: {
    vi: 'Vui lòng chọn một khung giờ khác với lịch hiện tại.',
    en: 'Please choose a slot other than the current one.',
  },
  select_hospital: {
    vi: 'Vui lòng chọn bệnh viện.',
    en: 'Please select a hospital.',
  },
  hospital_not_offered: {
    vi: 'Bác sĩ không khám tại bệnh viện này.',
    en: 'The doctor does not see patients at this hospital.',
  },
  select_address: {
    vi: 'Vui lòng chọn địa chỉ.',
    en: 'Please select an address.',
  },
  select_patient: {
    vi: 'Vui lòng chọn người bệnh.',
    en: 'Please select a patient.',
  },
  select_symptom: {
    vi: 'Vui lòng chọn triệu chứng phù hợp với bác sĩ.',
    en: 'Please select symptoms the doctor treats.',
  },
  symptom_required: {
    vi: 'Vui lòng chọn triệu chứng, mô tả triệu chứng khác hoặc chọn “Không rõ”.',
    en: 'Please choose a symptom, describe another one, or choose “Not sure”.',
  },
  symptom_not_sure_alone: {
    vi: '“Không rõ” không chọn cùng với triệu chứng khác.',
    en: '“Not sure” cannot be chosen together with a symptom.',
  },
  other_symptom_invalid: {
    vi: 'Mô tả triệu chứng tối đa 200 ký tự và không chứa ký tự điều khiển (như Tab).',
    en: 'Describe the symptom in 200 characters at most, without control characters (such as Tab).',
  },
  select_service_type: {
    vi: 'Vui lòng chọn loại dịch vụ.',
    en: 'Please select a service type.',
  },
  select_payment_method: {
    vi: 'Vui lòng chọn phương thức thanh toán.',
    en: 'Please select a payment method.',
  },
  health_record_not_found: {
    vi: 'Không tìm thấy hồ sơ sức khỏe.',
    en: 'Health record not found.',
  },
  note_too_long: {
    vi: 'Ghi chú quá dài (tối đa 1000 ký tự).',
    en: 'The note is too long (1000 characters at most).',
  },
  payment_error: {
    vi: 'Đặt lịch không thành công do lỗi thanh toán. Vui lòng thử lại.',
    en: 'Booking failed due to a payment error. Please try again.',
  },
  refund_failed: {
    vi: 'Không thể hoàn tiền lúc này. Vui lòng thử lại sau.',
    en: 'The refund could not be made now. Please try again later.',
  },
  cancel_reason_required: {
    vi: 'Vui lòng nhập lý do hủy.',
    en: 'Please enter the cancellation reason.',
  },
  reschedule_reason_required: {
    vi: 'Vui lòng nhập lý do đổi lịch.',
    en: 'Please enter the reason for rescheduling.',
  },
  remark_required: {
    vi: 'Vui lòng nhập ghi chú.',
    en: 'Please enter a remark.',
  },
  // Payments
  payment_provider_unconfigured: {
    vi: 'Thanh toán trực tuyến tạm thời không khả dụng. Vui lòng chọn hình thức khác hoặc thử lại sau.',
    en: 'Online payment is unavailable right now. Please choose another method or try again later.',
  },
  select_package: { vi: 'Vui lòng chọn gói.', en: 'Please select a package.' },
  package_not_found: { vi: 'Không tìm thấy gói dịch vụ.', en: 'Package not found.' },
  // Purchases (server/modules/purchases) and free appointments of a package
  package_downgrade_not_allowed: {
    vi: 'Bạn đang dùng một gói cao hơn. Hãy chờ gói hiện tại hết hạn hoặc chọn gói cao hơn.',
    en: 'You hold a higher package. Wait until it ends or choose a higher one.',
  },
  program_already_joined: {
    vi: 'Bạn đã tham gia chương trình này.',
    en: 'You have already joined this program.',
  },
  purchase_pending: {
    vi: 'Gói này đang chờ thanh toán. Vui lòng thử lại sau giây lát.',
    en: 'This package is waiting for payment. Please try again in a moment.',
  },
  purchase_not_found: {
    vi: 'Không tìm thấy giao dịch mua.',
    en: 'Purchase not found.',
  },
  free_appointments_used_up: {
    vi: 'Gói của bạn đã hết lượt khám miễn phí.',
    en: 'Your package has no free appointments left.',
  },
  product_not_applicable: {
    vi: 'Sản phẩm khuyến mãi không áp dụng được cho giao dịch này.',
    en: 'This promotional product cannot be used here.',
  },
};
