import type { LanguageCode } from '../../schemas/tenant.schema';

/**
 * Texts of the promotion codes (product codes, the wallet of products, referral; spec section 7
 * "Promos and wallet", ManageReferrals); part of messages.ts. The web app keeps the same keys.
 */
export const PROMOTION_MESSAGES: Record<string, Record<LanguageCode, string>> = {
  product_code_required: { vi: 'Vui lòng nhập mã.', en: 'Please enter a code.' },
  product_code_invalid: {
    vi: 'Mã không hợp lệ. Vui lòng kiểm tra lại mã.',
    en: 'This code is not valid. Please check it and try again.',
  },
  product_code_used: { vi: 'Mã này đã được sử dụng.', en: 'This code has already been used.' },
  product_code_expired: { vi: 'Mã này đã hết hạn.', en: 'This code has expired.' },
  product_not_found: { vi: 'Không tìm thấy sản phẩm khuyến mãi.', en: 'Promotion product not found.' },
  product_not_applicable: {
    vi: 'Sản phẩm khuyến mãi này không áp dụng được cho lựa chọn này.',
    en: 'This promotion product cannot be used for this choice.',
  },
  product_check_target: {
    vi: 'Hãy chọn bác sĩ và hình thức khám, hoặc gói dịch vụ.',
    en: 'Choose a doctor and a service type, or a package.',
  },
  referral_not_found: { vi: 'Không tìm thấy thông tin giới thiệu.', en: 'Referral not found.' },
  invalid_referral: { vi: 'Mã giới thiệu không hợp lệ.', en: 'The referral code is not valid.' },
  // Refund bank info (spec section 5: bank, account number and account name required).
  bank_required: { vi: 'Vui lòng nhập ngân hàng.', en: 'Please enter the bank.' },
  account_name_required: { vi: 'Vui lòng nhập tên chủ tài khoản.', en: 'Please enter the account name.' },
  account_number_required: {
    vi: 'Vui lòng nhập số tài khoản (6 đến 20 chữ số).',
    en: 'Please enter the account number (6 to 20 digits).',
  },
  refund_to_wallet: {
    vi: 'Cổng thông tin này hoàn tiền vào ví, không cần tài khoản ngân hàng.',
    en: 'This portal refunds to your wallet; no bank account is needed.',
  },
};
