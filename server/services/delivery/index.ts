/**
 * Delivery service: email, SMS and push for every feature. `sendMessage` records each message in
 * the tenant's outbox and, in production, hands it to SMTP or the tenant's SMS gateway (sign-in
 * codes). The message pipeline (server/modules/messages) uses the channel adapters directly:
 * `smtpMailer` (MailSender), `smsSender` (json-http, eSMS.vn) and a `PushSender`. Import from here.
 */
export {
  smtpMailer,
  type DkimOptions,
  type EmailSender,
  type MailSender,
  type OutgoingEmail,
} from './mailer';
export {
  normalizeRecipient,
  recipientForms,
  recordMessage,
  recordMessages,
  type OutgoingMessage,
} from './outbox';
export { createDeliveryFactory, sendMessage, type Delivery, type SendRequest } from './send';
export {
  esmsPhone,
  esmsSms,
  ESMS_URL,
  jsonHttpSms,
  PermanentSmsError,
  smsSender,
  type SmsConfig,
  type SmsSender,
} from './sms-gateway';
export { isGsm7, smsParts, smsText, withoutDiacritics } from './sms-text';
export type { PushMessage, PushSender } from './push';
export {
  fillTemplate,
  hasMessageKind,
  registerMessages,
  renderMessage,
  type MessageTexts,
  type MessageValues,
} from './templates';
