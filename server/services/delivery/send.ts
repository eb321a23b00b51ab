import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { smtpMailer, type EmailSender } from './mailer';
import { recordMessage } from './outbox';
import { smsSender, type SmsConfig, type SmsSender } from './sms-gateway';
import { renderMessage } from './templates';

/** How messages leave: only the outbox outside production; outbox and adapters in production. */
export interface Delivery {
  production: boolean;
  email: EmailSender | null;
  sms: SmsSender | null;
  from: string;
  /** Where delivery failures are reported (never the code itself). */
  onError(error: unknown): void;
}

interface SendBase {
  channel: 'email' | 'sms';
  to: string;
  lang: LanguageCode;
  /** The tenant's name in `lang`: `{brand}` in texts and the prefix of rendered subjects. */
  brand: string;
  /** A one-time code the message carries: `{code}` in texts and its own outbox field. */
  code?: string;
  device?: string;
  /** Further `{name}` values for the kind's texts. */
  values?: Record<string, string | undefined>;
}

/**
 * One message to one address: either a registered `kind` rendered in `lang` (see
 * `registerMessages`), or a `subject` and `body` the feature rendered itself (sent as they are).
 */
export type SendRequest =
  | (SendBase & { kind: string; subject?: undefined; body?: undefined })
  | (SendBase & { kind?: undefined; subject: string; body: string });

/**
 * Records the message in the tenant's outbox (always) and, in production only, hands it to the
 * SMTP or SMS adapter. A failed hand-off is logged, not thrown: the code stays valid and the user
 * can ask for another after 60 s.
 */
export async function sendMessage(sql: Sql, delivery: Delivery, request: SendRequest): Promise<void> {
  const { subject, body } =
    request.kind !== undefined
      ? renderMessage(request.kind, request.lang, {
          ...request.values,
          brand: request.brand,
          code: request.code,
          device: request.device,
        })
      : { subject: request.subject, body: request.body };
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

/**
 * The `Delivery` of each tenant from the process settings: production or not, one SMTP sender
 * (SMTP_URL, SMTP_FROM) and the tenant's own SMS gateway (`sms` in tenant.json).
 */
export function createDeliveryFactory(options: {
  production: boolean;
  smtpUrl?: string;
  from: string;
  onError(error: unknown, tenant: string): void;
}): (tenant: { code: string; sms?: SmsConfig }) => Delivery {
  const email = options.smtpUrl ? smtpMailer(options.smtpUrl) : null;
  return (tenant) => ({
    production: options.production,
    email,
    sms: tenant.sms ? smsSender(tenant.sms) : null,
    from: options.from,
    onError: (error) => options.onError(error, tenant.code),
  });
}
