import { Type, type Static } from 'typebox';

/**
 * Web push contract (spec sections 3 and 7, Push). Paths are under /api/v1, every reply is the
 * envelope and "-> X" is its `data`. All need a signed-in user; a user keeps and drops only their
 * own endpoints, on the device of their session.
 *
 * GET  /Notifications/GetPushConfig               -> PushConfig
 * POST /Notifications/RegisterPushSubscription    (PushTokenRequest) -> null
 * POST /Notifications/UnregisterPushSubscription  (PushTokenRequest) -> null
 *
 * The push token is what the web app keeps in localStorage `fcmToken` and sends as `deviceTokenWeb`
 * on Auth/Login and Auth/LoginWithOTP (which keep it the same way): an FCM registration token on an
 * `fcm` tenant, the browser's PushSubscription as JSON on a `webpush` tenant. Registering is for a
 * person who turns notifications on while signed in; sign-out (Auth/Logout) drops the device's
 * endpoints, and so does a push service that says an endpoint is gone.
 */

/** What the browser needs to subscribe: the tenant's provider and its public keys. */
export const PushConfig = Type.Union([
  Type.Object({
    provider: Type.Literal('webpush'),
    /** The server's VAPID public key (base64url): the PushManager's applicationServerKey. */
    publicKey: Type.String(),
  }),
  Type.Object({
    provider: Type.Literal('fcm'),
    /** The Firebase project's Web Push certificate public key, for getToken. */
    vapidKey: Type.String(),
    /** The firebase web SDK configuration (public values). */
    firebase: Type.Object({
      apiKey: Type.String(),
      authDomain: Type.String(),
      projectId: Type.String(),
      messagingSenderId: Type.String(),
      appId: Type.String(),
      vapidKey: Type.String(),
    }),
  }),
  Type.Object({ provider: Type.Literal('none') }),
]);
export type PushConfig = Static<typeof PushConfig>;

export const PushTokenRequest = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 2048, 'x-message': 'invalid_push_token' }),
  },
  { additionalProperties: false },
);
export type PushTokenRequest = Static<typeof PushTokenRequest>;
