import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { MessageEvent } from './events';

/**
 * The server's default texts of every event, per language (handlebars, auto-escaped in HTML).
 * `title` and `body` are the in-app notification and the push; `email` the plain-text email (its
 * paragraphs also make the HTML body inside the tenant's layout; the subject is "<brand>: title");
 * `sms` one short message, written with diacritics; sent without them when the tenant's gateway
 * needs it, and then it fits one SMS (checked in messages.test.ts).
 * A tenant overrides any part with a file in its folder (see tenant-templates.ts).
 *
 * Values (see view-model.ts): brand, hotline, link (the page in the web app), number, doctor,
 * patient, date, time, zone, previousDate, previousTime, place, video, amount, refund, by, reason,
 * hospital, record, approved, device, cancelHours, contact.{fullName,email,phone,message,id}.
 */
export interface EventTexts {
  title: string;
  body: string;
  email: string;
  sms: string;
}

type Texts = Record<MessageEvent, Record<LanguageCode, EventTexts>>;

const where = {
  vi: '{{#if video}}Khám qua video: vào cuộc gọi trong mục Lịch hẹn khi đến giờ.{{else}}{{#if place}}Địa điểm: {{place}}.{{/if}}{{/if}}',
  en: '{{#if video}}Video consultation: join the call from Appointments when it is time.{{else}}{{#if place}}Place: {{place}}.{{/if}}{{/if}}',
};

export const DEFAULT_TEXTS: Texts = {
  'booking-confirmed': {
    vi: {
      title: 'Đã xác nhận lịch hẹn {{number}}',
      body: 'Lịch hẹn {{number}} với {{doctor}} lúc {{time}} ngày {{date}} đã được xác nhận.',
      email: `Lịch hẹn {{number}} của {{patient}} với {{doctor}} đã được xác nhận.

Thời gian: {{time}} ngày {{date}} ({{zone}}).
${where.vi}

Muốn huỷ hoặc đổi lịch, mở lịch hẹn tại {{link}} (chậm nhất {{cancelHours}} giờ trước giờ hẹn).`,
      sms: '{{number}}: lịch hẹn với {{doctor}} lúc {{time}} {{date}} đã xác nhận. Huỷ/đổi lịch trong mục Lịch hẹn.',
    },
    en: {
      title: 'Appointment {{number}} confirmed',
      body: 'Your appointment {{number}} with {{doctor}} at {{time}} on {{date}} is confirmed.',
      email: `Appointment {{number}} for {{patient}} with {{doctor}} is confirmed.

When: {{time}} on {{date}} ({{zone}}).
${where.en}

To cancel or reschedule, open the appointment at {{link}} (at the latest {{cancelHours}} hours before it starts).`,
      sms: '{{number}}: your appointment with {{doctor}} at {{time}} {{date}} is confirmed. Cancel or change it under Appointments.',
    },
  },
  'payment-received': {
    vi: {
      title: 'Đã nhận thanh toán {{amount}}',
      body: 'Đã nhận {{amount}} cho lịch hẹn {{number}}.',
      email: `Chúng tôi đã nhận {{amount}} cho lịch hẹn {{number}} với {{doctor}} lúc {{time}} ngày {{date}}.

Biên lai có trong lịch hẹn: {{link}}`,
      sms: 'Đã nhận {{amount}} cho lịch hẹn {{number}}.',
    },
    en: {
      title: 'Payment of {{amount}} received',
      body: 'We received {{amount}} for appointment {{number}}.',
      email: `We received {{amount}} for appointment {{number}} with {{doctor}} at {{time}} on {{date}}.

The receipt is in the appointment: {{link}}`,
      sms: 'We received {{amount}} for appointment {{number}}.',
    },
  },
  'payment-failed': {
    vi: {
      title: 'Thanh toán lịch hẹn {{number}} không thành công',
      body: 'Thanh toán cho lịch hẹn {{number}} không thành công; lịch hẹn chưa được giữ.',
      email: `Thanh toán cho lịch hẹn {{number}} với {{doctor}} không thành công, nên lịch hẹn chưa được giữ.{{#if amount}} Số tiền ví đã dùng ({{amount}}) đã được hoàn về ví.{{/if}}

Bạn có thể đặt lại tại {{link}}`,
      sms: 'Thanh toán lịch hẹn {{number}} không thành công; lịch hẹn chưa được giữ.',
    },
    en: {
      title: 'Payment for appointment {{number}} failed',
      body: 'The payment for appointment {{number}} failed; the appointment is not held.',
      email: `The payment for appointment {{number}} with {{doctor}} failed, so the appointment is not held.{{#if amount}} The wallet part ({{amount}}) went back to your wallet.{{/if}}

You can book again at {{link}}`,
      sms: 'The payment for appointment {{number}} failed; the appointment is not held.',
    },
  },
  'payment-refunded': {
    vi: {
      title: 'Đã hoàn {{amount}}',
      body: 'Đã hoàn {{amount}} của lịch hẹn {{number}} {{refund}}.',
      email: `Số tiền {{amount}} của lịch hẹn {{number}} đã được hoàn {{refund}}.

Chi tiết trong lịch hẹn: {{link}}`,
      sms: 'Đã hoàn {{amount}} của lịch hẹn {{number}}.',
    },
    en: {
      title: '{{amount}} refunded',
      body: '{{amount}} of appointment {{number}} was refunded {{refund}}.',
      email: `{{amount}} of appointment {{number}} was refunded {{refund}}.

Details in the appointment: {{link}}`,
      sms: '{{amount}} of appointment {{number}} was refunded.',
    },
  },
  'appointment-cancelled': {
    vi: {
      title: 'Lịch hẹn {{number}} đã bị huỷ',
      body: 'Lịch hẹn {{number}} với {{doctor}} lúc {{time}} ngày {{date}} đã được huỷ {{by}}.',
      email: `Lịch hẹn {{number}} của {{patient}} với {{doctor}} lúc {{time}} ngày {{date}} đã được huỷ {{by}}.{{#if reason}}
Lý do: {{reason}}{{/if}}
{{#if amount}}
Số tiền {{amount}} được hoàn {{refund}}.{{/if}}

Đặt lịch mới tại {{link}}. Cần hỗ trợ: {{hotline}}.`,
      sms: 'Lịch hẹn {{number}} lúc {{time}} {{date}} đã được huỷ {{by}}.{{#if amount}} Tiền được hoàn {{refund}}.{{/if}}',
    },
    en: {
      title: 'Appointment {{number}} cancelled',
      body: 'Appointment {{number}} with {{doctor}} at {{time}} on {{date}} was cancelled {{by}}.',
      email: `Appointment {{number}} for {{patient}} with {{doctor}} at {{time}} on {{date}} was cancelled {{by}}.{{#if reason}}
Reason: {{reason}}{{/if}}
{{#if amount}}
{{amount}} is refunded {{refund}}.{{/if}}

Book again at {{link}}. Help: {{hotline}}.`,
      sms: 'Appointment {{number}} at {{time}} {{date}} was cancelled {{by}}.{{#if amount}} Refunded {{refund}}.{{/if}}',
    },
  },
  'appointment-rescheduled': {
    vi: {
      title: 'Lịch hẹn {{number}} đã đổi giờ',
      body: 'Lịch hẹn {{number}} với {{doctor}} chuyển sang {{time}} ngày {{date}}.',
      email: `Lịch hẹn {{number}} của {{patient}} với {{doctor}} đã chuyển từ {{previousTime}} ngày {{previousDate}} sang {{time}} ngày {{date}} ({{zone}}).
${where.vi}

Chi tiết và huỷ lịch: {{link}}`,
      sms: 'Lịch hẹn {{number}} với {{doctor}} đổi sang {{time}} {{date}}.',
    },
    en: {
      title: 'Appointment {{number}} moved',
      body: 'Appointment {{number}} with {{doctor}} moved to {{time}} on {{date}}.',
      email: `Appointment {{number}} for {{patient}} with {{doctor}} moved from {{previousTime}} on {{previousDate}} to {{time}} on {{date}} ({{zone}}).
${where.en}

Details and cancelling: {{link}}`,
      sms: 'Appointment {{number}} with {{doctor}} moved to {{time}} {{date}}.',
    },
  },
  'appointment-reminder': {
    vi: {
      title: 'Nhắc lịch hẹn {{number}}',
      body: 'Nhắc bạn lịch hẹn {{number}} với {{doctor}} lúc {{time}} ngày {{date}}.',
      email: `Nhắc bạn lịch hẹn {{number}} với {{doctor}} lúc {{time}} ngày {{date}} ({{zone}}).
${where.vi}

Xem chi tiết trong mục Lịch hẹn: {{link}}`,
      sms: 'Nhắc lịch hẹn {{number}} với {{doctor}} lúc {{time}} {{date}}.',
    },
    en: {
      title: 'Reminder: appointment {{number}}',
      body: 'A reminder of your appointment {{number}} with {{doctor}} at {{time}} on {{date}}.',
      email: `A reminder of your appointment {{number}} with {{doctor}} at {{time}} on {{date}} ({{zone}}).
${where.en}

See Appointments: {{link}}`,
      sms: 'Reminder: appointment {{number}} with {{doctor}} at {{time}} {{date}}.',
    },
  },
  'call-open': {
    vi: {
      title: '{{doctor}} đang chờ bạn trong cuộc gọi',
      body: 'Cuộc gọi video của lịch hẹn {{number}} đã mở. Vào ngay.',
      email: `{{doctor}} đã mở cuộc gọi video của lịch hẹn {{number}}. Vào cuộc gọi: {{link}}`,
      sms: '{{doctor}} đang chờ bạn trong cuộc gọi video lịch hẹn {{number}}. Vào: {{link}}',
    },
    en: {
      title: '{{doctor}} is waiting for you in the call',
      body: 'The video call of appointment {{number}} is open. Join now.',
      email: `{{doctor}} opened the video call of appointment {{number}}. Join: {{link}}`,
      sms: '{{doctor}} is waiting in the video call of appointment {{number}}. Join: {{link}}',
    },
  },
  'direct-call-missed': {
    vi: {
      title: 'Cuộc gọi chưa được trả lời',
      body: 'Chưa có bác sĩ nhận cuộc gọi của bạn; lượt gọi đã được hoàn lại.',
      email: `Chưa có bác sĩ nhận cuộc gọi của bạn lúc {{time}} ngày {{date}}. Lượt gọi đã được hoàn lại vào gói; bạn có thể gọi lại: {{link}}`,
      sms: 'Chưa có bác sĩ nhận cuộc gọi của bạn; lượt gọi đã được hoàn lại.',
    },
    en: {
      title: 'Your call was not answered',
      body: 'No doctor answered your call; the call went back to your package.',
      email: `No doctor answered your call at {{time}} on {{date}}. The call went back to your package; you can call again: {{link}}`,
      sms: 'No doctor answered your call; it went back to your package.',
    },
  },
  'package-purchased': {
    vi: {
      title: 'Đăng ký {{package}} thành công',
      body: 'Bạn đã đăng ký {{package}} ({{amount}}).',
      email: `Bạn đã đăng ký {{package}} tại {{brand}} lúc {{time}} ngày {{date}}, số tiền {{amount}}. Xem gói của bạn: {{link}}`,
      sms: 'Bạn đã đăng ký {{package}} ({{amount}}).',
    },
    en: {
      title: 'You joined {{package}}',
      body: 'You joined {{package}} ({{amount}}).',
      email: `You joined {{package}} at {{brand}} at {{time}} on {{date}} for {{amount}}. See your packages: {{link}}`,
      sms: 'You joined {{package}} ({{amount}}).',
    },
  },
  'advisory-answered': {
    vi: {
      title: '{{doctor}} đã trả lời câu hỏi của bạn',
      body: '{{doctor}} đã trả lời yêu cầu tư vấn trong gói theo dõi sức khỏe từ xa của bạn.',
      email: `{{doctor}} đã trả lời yêu cầu tư vấn của bạn lúc {{time}} ngày {{date}}. Xem câu trả lời: {{link}}`,
      sms: '{{doctor}} đã trả lời yêu cầu tư vấn của bạn.',
    },
    en: {
      title: '{{doctor}} answered your question',
      body: '{{doctor}} answered your request for advice in your remote monitoring package.',
      email: `{{doctor}} answered your request for advice at {{time}} on {{date}}. Read the answer: {{link}}`,
      sms: '{{doctor}} answered your request for advice.',
    },
  },
  'waitlist-place-freed': {
    vi: {
      title: 'Có chỗ trống với {{doctor}}',
      body: 'Một lịch khám với {{doctor}} ngày {{date}} vừa trống. Ai đặt trước được trước.',
      email: `Một lịch khám với {{doctor}} ngày {{date}} vừa trống. Ai đặt trước được trước: đặt ngay tại {{link}}`,
      sms: 'Có chỗ trống với {{doctor}} ngày {{date}}. Ai đặt trước được trước.',
    },
    en: {
      title: 'A place is free with {{doctor}}',
      body: 'A place with {{doctor}} on {{date}} just became free. First come, first served.',
      email: `A place with {{doctor}} on {{date}} just became free. First come, first served: book now at {{link}}`,
      sms: 'A place with {{doctor}} on {{date}} is free. First come, first served.',
    },
  },
  'health-record-shared': {
    vi: {
      title: 'Có kết quả mới: {{record}}',
      body: '{{doctor}} đã gửi kết quả "{{record}}" cho lịch hẹn {{number}}.',
      email: `{{doctor}} đã gửi kết quả "{{record}}" cho lịch hẹn {{number}}. Xem trong lịch hẹn: {{link}}`,
      sms: 'Có kết quả mới cho lịch hẹn {{number}}.',
    },
    en: {
      title: 'New result: {{record}}',
      body: '{{doctor}} shared the result "{{record}}" for appointment {{number}}.',
      email: `{{doctor}} shared the result "{{record}}" for appointment {{number}}. See it in the appointment: {{link}}`,
      sms: 'A new result for appointment {{number}}.',
    },
  },
  'fee-guarantee-decided': {
    vi: {
      title:
        '{{#if approved}}Yêu cầu bảo lãnh viện phí đã được duyệt{{else}}Yêu cầu bảo lãnh viện phí bị từ chối{{/if}}',
      body: '{{#if approved}}{{hospital}} bảo lãnh {{amount}} cho {{patient}}. Vui lòng ký xác nhận trong mục Bảo lãnh viện phí.{{else}}Yêu cầu bảo lãnh cho {{patient}} tại {{hospital}} bị từ chối: {{reason}}{{/if}}',
      email: `{{#if approved}}{{hospital}} bảo lãnh {{amount}} cho {{patient}}. Vui lòng ký xác nhận: {{link}}{{else}}Yêu cầu bảo lãnh cho {{patient}} tại {{hospital}} bị từ chối.
Lý do: {{reason}}

Chi tiết: {{link}}{{/if}}`,
      sms: '{{#if approved}}Bảo lãnh viện phí {{amount}} đã được duyệt. Vui lòng ký xác nhận.{{else}}Yêu cầu bảo lãnh viện phí bị từ chối.{{/if}}',
    },
    en: {
      title: '{{#if approved}}Hospital fee guarantee approved{{else}}Hospital fee guarantee rejected{{/if}}',
      body: '{{#if approved}}{{hospital}} guarantees {{amount}} for {{patient}}. Please sign the confirmation under Hospital fee guarantee.{{else}}The guarantee request for {{patient}} at {{hospital}} was rejected: {{reason}}{{/if}}',
      email: `{{#if approved}}{{hospital}} guarantees {{amount}} for {{patient}}. Please sign the confirmation: {{link}}{{else}}The guarantee request for {{patient}} at {{hospital}} was rejected.
Reason: {{reason}}

Details: {{link}}{{/if}}`,
      sms: '{{#if approved}}Your hospital fee guarantee of {{amount}} is approved. Please sign it.{{else}}Your hospital fee guarantee request was rejected.{{/if}}',
    },
  },
  'referral-rewarded': {
    vi: {
      title: 'Bạn nhận được {{amount}} thưởng giới thiệu',
      body: 'Thưởng giới thiệu bạn bè {{amount}} đã vào ví của bạn.',
      email: `Thưởng giới thiệu bạn bè {{amount}} đã vào ví của bạn. Xem lịch sử ví: {{link}}`,
      sms: 'Thưởng giới thiệu {{amount}} đã vào ví của bạn.',
    },
    en: {
      title: 'You received a {{amount}} referral reward',
      body: 'A {{amount}} refer-a-friend reward was added to your wallet.',
      email: `A {{amount}} refer-a-friend reward was added to your wallet. See your wallet history: {{link}}`,
      sms: 'A {{amount}} referral reward was added to your wallet.',
    },
  },
  'new-device-sign-in': {
    vi: {
      title: 'Đăng nhập từ thiết bị mới',
      body: 'Tài khoản của bạn vừa đăng nhập từ {{device}}. Không phải bạn? Đổi mật khẩu ngay.',
      email: `Tài khoản của bạn vừa đăng nhập từ {{device}} lúc {{time}} ngày {{date}}. Nếu không phải bạn, hãy đổi mật khẩu ngay: {{link}}`,
      sms: 'Tài khoản của bạn vừa đăng nhập từ thiết bị mới. Không phải bạn? Đổi mật khẩu ngay.',
    },
    en: {
      title: 'Sign-in from a new device',
      body: 'Your account just signed in from {{device}}. Not you? Change your password now.',
      email: `Your account signed in from {{device}} at {{time}} on {{date}}. If it was not you, change your password now: {{link}}`,
      sms: 'Your account signed in from a new device. Not you? Change your password now.',
    },
  },
  'contact-us': {
    vi: {
      title: 'Liên hệ #{{contact.id}}: {{contact.fullName}}',
      body: '{{contact.fullName}} gửi lời nhắn.',
      email: `{{contact.fullName}} <{{contact.email}}>, {{contact.phone}}

{{contact.message}}`,
      sms: 'Liên hệ mới từ {{contact.fullName}}.',
    },
    en: {
      title: 'Contact #{{contact.id}}: {{contact.fullName}}',
      body: '{{contact.fullName}} sent a message.',
      email: `{{contact.fullName}} <{{contact.email}}>, {{contact.phone}}

{{contact.message}}`,
      sms: 'New contact message from {{contact.fullName}}.',
    },
  },
};
