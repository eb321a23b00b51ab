/** What a feature sends: the notification's texts, where a click goes, and how repeats collapse. */
export interface PushMessage {
  title: string;
  body: string;
  /** The page a click opens (a path of the portal, e.g. /me/appointments-list/). */
  url: string;
  /** Same tag, same notification: a retried or repeated push replaces the one shown. */
  tag: string;
  /** The spec's TypeNotify (AppointmentReminder opens the reminder dialog). */
  type: string;
  /** The in-app notification this push mirrors, when there is one. */
  notificationId?: number;
}

/** The JSON the service worker (public/firebase-messaging-sw.js) receives. */
export interface PushPayload extends PushMessage {
  /** The tenant's icon, as the browser loads it. */
  icon: string;
}

export type PushKind = 'webpush' | 'fcm';

/** Where one browser receives pushes: a Web Push subscription, or an FCM registration token. */
export interface PushTarget {
  kind: PushKind;
  /** Web Push: the push service's endpoint URL; FCM: the registration token. */
  endpoint: string;
  /** Web Push only: the browser's P-256 public key and auth secret (base64url). */
  p256dh: string | null;
  auth: string | null;
}

/**
 * sent: the push service took it. gone: the subscription no longer exists (404/410, FCM
 * UNREGISTERED): forget it. rejected: refused for good (a 4xx that a retry will not change).
 */
export type SendOutcome = 'sent' | 'gone' | 'rejected';

export interface SendOptions {
  /** Web Push Topic (RFC 8030): a newer push with the same topic replaces one not yet delivered. */
  topic: string;
  /** How long the push service keeps it for an offline browser. */
  ttlSeconds: number;
}

/** One push provider (tenant.json push.provider). Throws PushUnavailableError on a transient failure. */
export interface PushProvider {
  readonly kind: PushKind;
  send(target: PushTarget, payload: PushPayload, options: SendOptions): Promise<SendOutcome>;
}

/** The push service could not be reached or asked to come back later (network, 429, 5xx): retry. */
export class PushUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PushUnavailableError';
  }
}
