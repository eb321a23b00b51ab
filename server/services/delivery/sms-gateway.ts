/** Sends one text message. Adapters wrap one gateway each. */
export interface SmsSender {
  /**
   * @param options.requestId the gateway's duplicate guard where it has one (eSMS `RequestId`):
   *   the same id sent again is not delivered again
   * @returns the gateway's id of the message, when it gives one
   */
  send(to: string, text: string, options?: { requestId?: string }): Promise<{ ref?: string } | void>;
  /** Whether the gateway takes Vietnamese with diacritics (else texts are sent without them). */
  readonly unicode: boolean;
}

/** The `sms` block of tenant.json. */
export type SmsConfig =
  | {
      provider: 'json-http';
      url: string;
      apiKeyEnv: string;
      brandName: string;
      unicode?: boolean;
    }
  | {
      provider: 'esms';
      url?: string;
      apiKeyEnv: string;
      secretKeyEnv: string;
      brandName: string;
      unicode?: boolean;
      sandbox?: boolean;
    };

/** A refusal a retry cannot change (bad credentials, unregistered brand name, bad number). */
export class PermanentSmsError extends Error {}

/** The adapter of a tenant's `sms` block. */
export function smsSender(config: SmsConfig, env: NodeJS.ProcessEnv = process.env): SmsSender {
  return config.provider === 'esms' ? esmsSms(config, env) : jsonHttpSms(config, env);
}

const need = (env: NodeJS.ProcessEnv, name: string) => {
  const value = env[name];
  if (!value) throw new Error(`sms: environment variable ${name} is not set`);
  return value;
};

/**
 * A generic JSON-over-HTTPS gateway: POST `{ to, content, brandName, requestId? }` with
 * `Authorization: Bearer <key>`; any non-2xx is a failure. The key is read from the environment
 * variable the tenant names, never from tenant.json.
 */
export function jsonHttpSms(
  config: Extract<SmsConfig, { provider: 'json-http' }>,
  env: NodeJS.ProcessEnv = process.env,
): SmsSender {
  return {
    unicode: config.unicode ?? true,
    async send(to, text, options) {
      const key = need(env, config.apiKeyEnv);
      const response = await fetch(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({
          to,
          content: text,
          brandName: config.brandName,
          ...(options?.requestId ? { requestId: options.requestId } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`sms: gateway answered ${response.status}`);
    },
  };
}

/** eSMS.vn's endpoint for one customer-care (brand name) message. */
export const ESMS_URL = 'https://rest.esms.vn/MainService.svc/json/SendMultipleMessage_V4_post_json/';

/** eSMS CodeResult values (developers.esms.vn, "Send OTP/Customer care message"). */
const ESMS_OK = '100';
/** The RequestId was used within the last 24 h: the first request was taken, nothing new is sent. */
const ESMS_DUPLICATE = '124';
/** Refusals a retry does not change: 101 authorization, 104 brand name, 146 template not registered. */
const ESMS_PERMANENT = new Set(['101', '104', '146']);

/**
 * eSMS.vn brand-name SMS (SmsType 2, customer care) over its JSON API. ApiKey and SecretKey come
 * from the environment variables the tenant names. `RequestId` is the delivery's own key, so a
 * send repeated after a crash is refused by eSMS as a duplicate (CodeResult 124) instead of
 * reaching the phone twice; we count that as sent. Vietnamese numbers go in national form
 * (0xxxxxxxxx), as eSMS's examples.
 */
export function esmsSms(
  config: Extract<SmsConfig, { provider: 'esms' }>,
  env: NodeJS.ProcessEnv = process.env,
): SmsSender {
  const unicode = config.unicode ?? false;
  return {
    unicode,
    async send(to, text, options) {
      const body = {
        ApiKey: need(env, config.apiKeyEnv),
        SecretKey: need(env, config.secretKeyEnv),
        Phone: esmsPhone(to),
        Content: text,
        Brandname: config.brandName,
        SmsType: '2',
        IsUnicode: unicode ? '1' : '0',
        Sandbox: config.sandbox ? '1' : '0',
        ...(options?.requestId ? { RequestId: options.requestId.slice(0, 50) } : {}),
      };
      const response = await fetch(config.url ?? ESMS_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`sms: eSMS answered HTTP ${response.status}`);
      const reply = (await response.json().catch(() => ({}))) as {
        CodeResult?: string;
        SMSID?: string;
        ErrorMessage?: string;
      };
      const code = String(reply.CodeResult ?? '');
      if (code === ESMS_OK) return { ref: reply.SMSID };
      if (code === ESMS_DUPLICATE) return { ref: reply.SMSID ?? `duplicate ${options?.requestId ?? ''}` };
      const message = `sms: eSMS CodeResult ${code || '?'} ${reply.ErrorMessage ?? ''}`.trim();
      throw ESMS_PERMANENT.has(code) ? new PermanentSmsError(message) : new Error(message);
    },
  };
}

/** +84901234567 -> 0901234567; other countries as digits with their code. */
export function esmsPhone(e164: string): string {
  const digits = e164.replace(/[^\d]/g, '');
  return digits.startsWith('84') && e164.trim().startsWith('+') ? `0${digits.slice(2)}` : digits;
}
