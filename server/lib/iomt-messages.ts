import type { LanguageCode } from '../../schemas/tenant.schema';

/**
 * Texts of the remote-monitoring (IoMT) codes (schemas/iomt.ts): advice asked of a package's
 * doctors and their answers. The spec's user_not_join and package_expired are in messages.ts.
 */
export const IOMT_MESSAGES: Record<string, Record<LanguageCode, string>> = {
  advisory_message_required: {
    vi: 'Vui lòng nhập nội dung cần tư vấn (tối đa 2000 ký tự).',
    en: 'Please write what you would like advice on (at most 2000 characters).',
  },
  advisory_answer_required: {
    vi: 'Vui lòng nhập câu trả lời (tối đa 4000 ký tự).',
    en: 'Please write the answer (at most 4000 characters).',
  },
  advisory_not_found: { vi: 'Không tìm thấy yêu cầu tư vấn.', en: 'This request for advice does not exist.' },
  advisory_already_answered: {
    vi: 'Yêu cầu tư vấn này đã được trả lời.',
    en: 'This request for advice has already been answered.',
  },
  advisory_profile_required: {
    vi: 'Vui lòng hoàn tất hồ sơ của bạn trước khi gửi yêu cầu tư vấn.',
    en: 'Please complete your profile before asking for advice.',
  },
  iomt_doctor_not_found: {
    vi: 'Bác sĩ này không thuộc gói theo dõi sức khỏe của bạn.',
    en: 'This doctor is not part of your monitoring package.',
  },
};
