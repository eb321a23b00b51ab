import type { Agent } from 'node:https';
import webpush from 'web-push';
import { PushUnavailableError, type PushProvider } from './types';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushOptions {
  keys: VapidKeys;
  /** mailto: or https: address the push services may contact about our traffic (RFC 8292). */
  subject: string;
  /** The HTTPS agent (tests pass one trusting their stand-in's certificate). */
  agent?: Agent;
  /** Socket timeout of one send. */
  timeoutMs?: number;
}

/**
 * Standard Web Push (RFC 8030 + 8291 + 8292) through `web-push`: the payload is encrypted with the
 * browser's keys (aes128gcm) and the request signed with this server's VAPID key, so any browser's
 * push service (Chrome's, Firefox's, Apple's) takes it without a third-party account.
 */
export function webPushProvider(options: WebPushOptions): PushProvider {
  return {
    kind: 'webpush',
    async send(target, payload, { topic, ttlSeconds }) {
      if (!target.p256dh || !target.auth) return 'rejected';
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: options.subject, ...options.keys },
            TTL: ttlSeconds,
            topic,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
        if (status === 404 || status === 410) return 'gone';
        if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
          return 'rejected';
        throw new PushUnavailableError(
          `web push: ${status ? `push service answered ${status}` : 'push service unreachable'}`,
          status,
          {
            cause: error,
          },
        );
      }
    },
  };
}
