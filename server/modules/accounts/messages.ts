import { registerMessages, type MessageTexts } from '../../services/delivery/index';

/**
 * The accounts module's message texts (one-time codes and sign-in alerts), rendered and sent by
 * the delivery service (server/services/delivery). Values: {brand}, {code}, {device}, and for the care invitation {login}, {url}.
 */

/** What an accounts message is about. Purposes map to the texts below. */
export type AccountMessageKind =
  | 'register'
  | 'login'
  | 'forgot'
  | 'change-mobile'
  | 'change-email'
  | 'view-pin'
  | 'two-factor'
  | 'new-device-code'
  | 'new-device-alert'
  | 'care-invitation';

export const ACCOUNT_MESSAGES: Record<AccountMessageKind, MessageTexts> = {
  register: {
    vi: ['Mã xác thực đăng ký', 'Mã xác thực tài khoản {brand} của bạn là {code}. Mã có hiệu lực 5 phút.'],
    en: ['Your sign-up code', 'Your {brand} verification code is {code}. It expires in 5 minutes.'],
  },
  login: {
    vi: ['Mã đăng nhập', 'Mã đăng nhập {brand} của bạn là {code}. Mã có hiệu lực 5 phút.'],
    en: ['Your sign-in code', 'Your {brand} sign-in code is {code}. It expires in 5 minutes.'],
  },
  forgot: {
    vi: ['Đặt lại mật khẩu', 'Mã đặt lại mật khẩu {brand} của bạn là {code}. Mã có hiệu lực 5 phút.'],
    en: ['Reset your password', 'Your {brand} password reset code is {code}. It expires in 5 minutes.'],
  },
  'change-mobile': {
    vi: ['Xác nhận số điện thoại', 'Mã xác nhận số điện thoại mới trên {brand}: {code}.'],
    en: ['Confirm your mobile number', 'Your {brand} code to confirm this mobile number: {code}.'],
  },
  'change-email': {
    vi: ['Xác nhận email', 'Mã xác nhận email mới trên {brand}: {code}.'],
    en: ['Confirm your email', 'Your {brand} code to confirm this email: {code}.'],
  },
  'view-pin': {
    vi: ['Mã xem mã PIN', 'Mã để xem mã PIN trên {brand}: {code}.'],
    en: ['Code to view your PIN', 'Your {brand} code to view your PIN: {code}.'],
  },
  'two-factor': {
    vi: ['Mã xác thực hai lớp', 'Mã xác thực hai lớp {brand} của bạn là {code}.'],
    en: ['Your two-step code', 'Your {brand} two-step verification code is {code}.'],
  },
  'new-device-code': {
    vi: [
      'Đăng nhập từ thiết bị mới',
      'Có yêu cầu đăng nhập {brand} từ một thiết bị mới. Mã xác nhận: {code}.',
    ],
    en: ['Sign-in from a new device', 'A new device is signing in to {brand}. Confirmation code: {code}.'],
  },
  'new-device-alert': {
    vi: ['Cảnh báo đăng nhập', 'Tài khoản {brand} của bạn vừa đăng nhập từ một thiết bị mới ({device}).'],
    en: ['Sign-in alert', 'Your {brand} account just signed in from a new device ({device}).'],
  },
  // Values: {login}, {url} (the portal's care workspace).
  'care-invitation': {
    vi: [
      'Mời đăng nhập khu làm việc',
      'Yêu cầu tham gia {brand} của bạn đã được duyệt. Tên đăng nhập: {login}. Để đặt mật khẩu, mở {url}, chọn "Quên mật khẩu" và nhập email này; sau đó đăng nhập để vào khu làm việc.',
    ],
    en: [
      'Your workspace sign-in',
      'Your request to join {brand} was approved. Sign-in name: {login}. To set your password, open {url}, choose "Forgot password" and enter this email; then sign in to reach your workspace.',
    ],
  },
};

/** Makes the accounts texts known to the delivery service (idempotent). */
export function registerAccountMessages(): void {
  registerMessages(ACCOUNT_MESSAGES);
}
