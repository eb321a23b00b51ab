import type { PushKind, PushTarget } from './types';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** FCM registration tokens: an instance id, a colon, then the token proper (never a bare UUID). */
const FCM_TOKEN = /^[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/;

/**
 * Reads the push token a browser sends (deviceTokenWeb at sign-in, the web app's localStorage
 * `fcmToken`, RegisterPushSubscription): an FCM registration token as is, or for Web Push the
 * browser's PushSubscription as JSON ({endpoint, keys: {p256dh, auth}}). Answers null for anything
 * else, and for a token of another provider than `kind` (it could never be delivered).
 */
export function parsePushToken(token: string, kind: PushKind): PushTarget | null {
  const text = token.trim();
  if (!text) return null;
  if (kind === 'fcm') {
    return text.length >= 100 && text.length <= 2048 && FCM_TOKEN.test(text)
      ? { kind, endpoint: text, p256dh: null, auth: null }
      : null;
  }
  if (!text.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const { endpoint, keys } = (value ?? {}) as {
    endpoint?: unknown;
    keys?: { p256dh?: unknown; auth?: unknown };
  };
  if (typeof endpoint !== 'string' || endpoint.length > 2048 || !isHttpsUrl(endpoint)) return null;
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  // An uncompressed P-256 point is 65 bytes (87 base64url characters); the auth secret 16 bytes.
  if (typeof p256dh !== 'string' || p256dh.length < 80 || p256dh.length > 100 || !BASE64URL.test(p256dh))
    return null;
  if (typeof auth !== 'string' || auth.length < 16 || auth.length > 50 || !BASE64URL.test(auth)) return null;
  return { kind, endpoint, p256dh, auth };
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
