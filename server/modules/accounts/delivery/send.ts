import type { Sql } from '../../../db/database';
import { recordMessage } from '../../outbox/service';
import type { EmailSender } from './mailer';
import type { SmsSender } from './sms-gateway';
import { renderMessage, type MessageKind } from './templates';
import type { LanguageCode } from '../../../../schemas/tenant.schema';

/** How messages leave: only the outbox outside production; outbox and adapters in production. */
export interface Delivery {
  production: boolean;
  email: EmailSender | null;
  sms: SmsSender | null;
  from: string;
  /** Where delivery failures are reported (never the code itself). */
  onError(error: unknown): void;
}

/** One message to one address, in the request language, branded with the tenant name. */
export interface SendRequest {
  channel: 'email' | 'sms';
  to: string;
  kind: MessageKind;
  lang: LanguageCode;
  brand: string;
  code?: string;
  device?: string;
}

/**
 * Records the message in the tenant's outbox (always) and, in production only, hands it to the
 * SMTP or SMS adapter. A failed hand-off is logged, not thrown: the code stays valid and the user
 * can ask for another after 60 s.
 */
export async function sendMessage(sql: Sql, delivery: Delivery, request: SendRequest): Promise<void> {
  const { subject, body } = renderMessage(request.kind, request.lang, request);
  await recordMessage(sql, {
    channel: request.channel,
    recipient: request.to,
    subject,
    body,
    code: request.code,
  });
  if (!delivery.production) return;
  try {
    if (request.channel === 'email') {
      if (!delivery.email) throw new Error('email: SMTP_URL is not set');
      await delivery.email.send(request.to, subject, body, delivery.from);
    } else {
      if (!delivery.sms) throw new Error('sms: no gateway configured for this tenant');
      await delivery.sms.send(request.to, body);
    }
  } catch (error) {
    delivery.onError(error);
  }
}
