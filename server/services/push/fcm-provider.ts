import { SignJWT, importPKCS8 } from 'jose';
import { PushUnavailableError, type PushProvider } from './types';

/** The fields of a Google service account key file (JSON) that sending needs. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface FcmOptions {
  serviceAccount: ServiceAccount;
  /** The Firebase project to send through (tenant.json push.fcm.web.projectId, else the key's). */
  projectId: string;
  /** OAuth 2.0 token endpoint; default the key's token_uri (FCM_TOKEN_URL overrides it). */
  tokenUrl?: string;
  /** Base of the FCM HTTP v1 API (FCM_API_URL; tests point both at a local stand-in). */
  apiUrl?: string;
  timeoutMs?: number;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FCM_API_URL = 'https://fcm.googleapis.com';

/** Reads and checks a service account key (the JSON Firebase's console downloads). */
export function parseServiceAccount(json: string): ServiceAccount | null {
  try {
    const value = JSON.parse(json) as Partial<ServiceAccount>;
    if (
      typeof value.client_email === 'string' &&
      typeof value.private_key === 'string' &&
      typeof value.project_id === 'string'
    )
      return value as ServiceAccount;
  } catch {
    // not JSON: reported by the caller as a missing key
  }
  return null;
}

/**
 * Firebase Cloud Messaging, HTTP v1 API: an OAuth 2.0 access token obtained with a JWT signed by
 * the service account's key (RS256, the JWT bearer grant), kept until a minute before it expires;
 * then one `messages:send` per registration token, with a data-only message so our service worker
 * shows it exactly as a Web Push one.
 */
export function fcmProvider(options: FcmOptions): PushProvider {
  const account = options.serviceAccount;
  const tokenUrl = options.tokenUrl || account.token_uri || GOOGLE_TOKEN_URL;
  const sendUrl = `${(options.apiUrl || FCM_API_URL).replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let cached: { token: string; renewAt: number } | null = null;

  const post = async (url: string, init: RequestInit) => {
    try {
      return await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PushUnavailableError(`fcm: ${new URL(url).host} unreachable`, undefined, { cause: error });
    }
  };

  const accessToken = async (): Promise<string> => {
    if (cached && Date.now() < cached.renewAt) return cached.token;
    const key = await importPKCS8(account.private_key, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setSubject(account.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const reply = await post(tokenUrl, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!reply.ok)
      throw new PushUnavailableError(`fcm: token endpoint answered ${reply.status}`, reply.status);
    const body = (await reply.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PushUnavailableError('fcm: token endpoint gave no access_token');
    cached = { token: body.access_token, renewAt: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  };

  return {
    kind: 'fcm',
    async send(target, payload, { topic, ttlSeconds }) {
      // FCM data values are strings only.
      const data: Record<string, string> = {};
      for (const [name, value] of Object.entries(payload))
        if (value !== undefined) data[name] = String(value);
      const message = {
        message: {
          token: target.endpoint,
          data,
          webpush: { headers: { TTL: String(ttlSeconds), Topic: topic, Urgency: 'high' } },
        },
      };
      for (let attempt = 0; ; attempt++) {
        const reply = await post(sendUrl, {
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify(message),
        });
        if (reply.ok) return 'sent';
        // An access token revoked or expired early: get a new one, once.
        if (reply.status === 401 && attempt === 0) {
          cached = null;
          continue;
        }
        const error = await fcmError(reply);
        if (reply.status === 404 || error === 'UNREGISTERED') return 'gone';
        if (reply.status === 429 || reply.status >= 500 || error === 'UNAVAILABLE' || error === 'INTERNAL')
          throw new PushUnavailableError(`fcm: send answered ${reply.status} ${error}`, reply.status);
        return 'rejected';
      }
    },
  };
}

/** The FcmError code of an error reply (UNREGISTERED, INVALID_ARGUMENT, QUOTA_EXCEEDED...), or ''. */
async function fcmError(reply: Response): Promise<string> {
  try {
    const body = (await reply.json()) as {
      error?: { status?: string; details?: { '@type'?: string; errorCode?: string }[] };
    };
    const detail = body.error?.details?.find((d) => d['@type']?.endsWith('google.firebase.fcm.v1.FcmError'));
    return detail?.errorCode ?? body.error?.status ?? '';
  } catch {
    return '';
  }
}
