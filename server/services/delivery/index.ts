/**
 * Delivery service: email and SMS for every feature. `sendMessage` records each message in the
 * tenant's outbox and, in production, hands it to SMTP or the tenant's SMS gateway. Features
 * register their own message kinds (`registerMessages`) or send text they rendered. Import from here.
 */
export { smtpMailer, type EmailSender } from './mailer';
export { normalizeRecipient, recipientForms, recordMessage, type OutgoingMessage } from './outbox';
export { createDeliveryFactory, sendMessage, type Delivery, type SendRequest } from './send';
export { jsonHttpSms, type SmsConfig, type SmsSender } from './sms-gateway';
export {
  fillTemplate,
  hasMessageKind,
  registerMessages,
  renderMessage,
  type MessageTexts,
  type MessageValues,
} from './templates';
