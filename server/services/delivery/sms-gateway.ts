/** Sends one text message. Adapters wrap one gateway each. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** The `sms` block of tenant.json. */
export interface SmsConfig {
  provider: 'json-http';
  url: string;
  apiKeyEnv: string;
  brandName: string;
}

/**
 * A generic JSON-over-HTTPS gateway (the shape of eSMS.vn / SpeedSMS-style APIs): POST
 * `{ to, content, brandName }` with `Authorization: Bearer <key>`; any non-2xx is a failure. The
 * key is read from the environment variable the tenant names, never from tenant.json.
 */
export function jsonHttpSms(config: SmsConfig, env: NodeJS.ProcessEnv = process.env): SmsSender {
  return {
    async send(to, text) {
      const key = env[config.apiKeyEnv];
      if (!key) throw new Error(`sms: environment variable ${config.apiKeyEnv} is not set`);
      const response = await fetch(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ to, content: text, brandName: config.brandName }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`sms: gateway answered ${response.status}`);
    },
  };
}
