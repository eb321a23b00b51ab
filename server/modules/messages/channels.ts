import type { Env } from '../../config/env';
import {
  smsSender,
  smtpMailer,
  type DkimOptions,
  type MailSender,
  type PushSender,
  type SmsSender,
} from '../../services/delivery/index';
import type { Tenant } from '../../tenancy/registry';

/**
 * How messages leave this process. Every message is also recorded in the tenant's dev outbox;
 * outside production a channel without a sender stops there (the outbox is the record in dev and
 * tests), in production it is an error the dispatcher retries and shows to the operator.
 */
export interface MessageChannels {
  production: boolean;
  mail: MailSender | null;
  /** SMTP_FROM: the address of every tenant's mail (the name is the tenant's), unless brand.json names one. */
  fromAddress: string;
  sms(tenant: Tenant): SmsSender | null;
  /** The web push service (VAPID / FCM); null: no push is sent (the delivery is cancelled). */
  push: PushSender | null;
}

/** DKIM settings from the environment, when all three are set. */
export function dkimFromEnv(
  env: Pick<Env, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY'>,
): DkimOptions | undefined {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return undefined;
  return {
    domainName: env.DKIM_DOMAIN,
    keySelector: env.DKIM_SELECTOR,
    // A PEM in one environment line carries its line breaks as \n.
    privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
  };
}

/** The channels of a server process from its environment; `push` is the push service's sender. */
export function channelsFromEnv(env: Env, push: PushSender | null = null): MessageChannels {
  const mail = env.SMTP_URL ? smtpMailer(env.SMTP_URL, dkimFromEnv(env)) : null;
  const gateways = new Map<string, SmsSender | null>();
  return {
    production: env.NODE_ENV === 'production',
    mail,
    fromAddress: env.SMTP_FROM,
    sms(tenant) {
      if (!gateways.has(tenant.config.code))
        gateways.set(tenant.config.code, tenant.config.sms ? smsSender(tenant.config.sms) : null);
      return gateways.get(tenant.config.code)!;
    },
    push,
  };
}
