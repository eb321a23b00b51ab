import { Type } from 'typebox';

/**
 * The service settings of a tenant (tenants/<code>/tenant.json, TenantConfig in tenant.schema.ts):
 * booking rules, payments, video calls, push, direct calls and referral rewards. Apart from the
 * portal's identity, look and content so each file keeps one job; the JSON Schema is unchanged.
 */

export const BookingSettings = Type.Object(
  {
    timeZone: Type.String({
      default: 'Asia/Ho_Chi_Minh',
      minLength: 1,
      description: 'IANA time zone of the hospital: slot times, days and cut-offs are shown in it',
    }),
    holdMinutes: Type.Integer({
      default: 10,
      minimum: 1,
      maximum: 60,
      description: 'How long an online-payment booking holds its slot before it lapses (PaymentCancel)',
    }),
    paymentMethods: Type.Array(Type.Integer({ minimum: 0, maximum: 3 }), {
      default: [0, 1, 2, 3],
      uniqueItems: true,
      description:
        'Payment methods offered: 0 cash on consultation, 1 pay online, 2 free (only when the price is 0), 3 request for medical fee coverage (needs hospitalFeeGuarantee)',
    }),
    reminderOffsetsMinutes: Type.Array(Type.Integer({ minimum: 5, maximum: 10080 }), {
      default: [1440, 60],
      description: 'Reminders before an appointment starts, in minutes (default 24 h and 1 h)',
    }),
    cancel: Type.Object(
      {
        minHoursBefore: Type.Number({
          default: 2,
          minimum: 0,
          description: 'Latest a patient may cancel, in hours before the start',
        }),
      },
      { default: {}, additionalProperties: false },
    ),
    reschedule: Type.Object(
      {
        maxPerAppointment: Type.Integer({
          default: 2,
          minimum: 0,
          description: 'How many times one appointment may be rescheduled',
        }),
        minHoursBefore: Type.Number({
          default: 4,
          minimum: 0,
          description: 'Latest a patient may reschedule, in hours before the start',
        }),
      },
      { default: {}, additionalProperties: false },
    ),
    sameDayCutoff: Type.String({
      default: '16:00',
      pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^$',
      description: 'Local time after which no more bookings for the same day are taken; empty: none',
    }),
    maxDaysAhead: Type.Integer({
      default: 30,
      minimum: 1,
      maximum: 365,
      description: 'How many days ahead a patient may book',
    }),
    refundTo: Type.Union([Type.Literal('wallet'), Type.Literal('bank')], {
      default: 'wallet',
      description:
        'Where a cancelled online payment is refunded: the wallet (needs the wallet feature, else bank) or the bank through the payment provider',
    }),
    waitlistOfferMinutes: Type.Integer({
      default: 30,
      minimum: 5,
      maximum: 1440,
      description: 'How long a freed slot is offered to the waiting patients who were told',
    }),
  },
  { default: {}, additionalProperties: false, description: 'Booking rules of this tenant' },
);

export const PaymentSettings = Type.Object(
  {
    provider: Type.Union([Type.Literal('sandbox'), Type.Literal('vnpay')], {
      default: 'sandbox',
      description:
        'sandbox: a bank page served by this app (development and demos); vnpay: VNPay 2.1.0 with credentials from the environment',
    }),
    vnpay: Type.Object(
      {
        tmnCodeEnv: Type.String({
          default: '',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description: 'NAME of the environment variable holding the VNPay terminal code (vnp_TmnCode)',
        }),
        hashSecretEnv: Type.String({
          default: '',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description:
            'NAME of the environment variable holding the VNPay hash secret, or of one holding a path to a secret file (NAME_FILE)',
        }),
        payUrl: Type.String({
          default: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
          description: 'VNPay payment page URL',
        }),
        apiUrl: Type.String({
          default: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
          description: 'VNPay merchant API URL (refunds, queries)',
        }),
      },
      { default: {}, additionalProperties: false },
    ),
  },
  {
    default: {},
    additionalProperties: false,
    description: 'Online payment provider; secrets never live in tenant.json',
  },
);

export const VideoSettings = Type.Object(
  {
    provider: Type.Union([Type.Literal('webrtc'), Type.Literal('zoom')], {
      default: 'webrtc',
      description:
        "webrtc: the browser's own one-to-one call, signalled through this API (no third-party account); zoom: the Zoom Video SDK with credentials from the environment",
    }),
    zoom: Type.Object(
      {
        sdkKeyEnv: Type.String({
          default: '',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description: 'NAME of the environment variable holding the Zoom Video SDK key (app_key)',
        }),
        sdkSecretEnv: Type.String({
          default: '',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description:
            'NAME of the environment variable holding the Zoom Video SDK secret, or of one holding a path to a secret file (NAME_FILE)',
        }),
      },
      { default: {}, additionalProperties: false },
    ),
    webrtc: Type.Object(
      {
        stunUrls: Type.Array(Type.String({ pattern: '^stuns?:' }), {
          default: [],
          maxItems: 5,
          description: 'STUN servers (stun:host:port); none needed on one network',
        }),
        turnUrls: Type.Array(Type.String({ pattern: '^turns?:' }), {
          default: [],
          maxItems: 5,
          description:
            'TURN servers (turn:host:3478?transport=udp, turns:host:5349): relays for patients and doctors behind NATs that block a direct path',
        }),
        turnSecretEnv: Type.String({
          default: '',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description:
            "NAME of the environment variable holding the TURN server's shared secret (coturn static-auth-secret): short-lived credentials are derived from it (TURN REST API)",
        }),
        credentialTtlSeconds: Type.Integer({
          default: 3600,
          minimum: 60,
          maximum: 86400,
          description: 'How long a TURN credential handed to a browser stays valid',
        }),
      },
      { default: {}, additionalProperties: false },
    ),
  },
  {
    default: {},
    additionalProperties: false,
    description: 'Video consultations: the call provider and its servers; secrets never live in tenant.json',
  },
);

export const PushSettings = Type.Object(
  {
    provider: Type.Union([Type.Literal('webpush'), Type.Literal('fcm'), Type.Literal('none')], {
      default: 'webpush',
      description:
        "webpush: standard Web Push with this server's VAPID keys (no third-party account; the embedded default); fcm: Firebase Cloud Messaging (HTTP v1 with a service account from the environment, the firebase web SDK in the browser); none: no push, in-app and the other channels only",
    }),
    webpush: Type.Object(
      {
        subject: Type.String({
          default: '',
          pattern: '^((mailto:|https://).+)?$',
          description:
            'VAPID subject the push services may contact (mailto:ops@… or https://…); empty: mailto: the siteContactEmail, else the portal address',
        }),
        publicKeyEnv: Type.String({
          default: 'VAPID_PUBLIC_KEY',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description:
            'NAME of the environment variable holding the VAPID public key (base64url); required in production, generated once and kept in the database otherwise',
        }),
        privateKeyEnv: Type.String({
          default: 'VAPID_PRIVATE_KEY',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description:
            'NAME of the environment variable holding the VAPID private key (base64url), or of one holding a path to a secret file (NAME_FILE)',
        }),
      },
      { default: {}, additionalProperties: false },
    ),
    fcm: Type.Object(
      {
        serviceAccountEnv: Type.String({
          default: 'FCM_SERVICE_ACCOUNT',
          pattern: '^([A-Z][A-Z0-9_]*)?$',
          description:
            "NAME of the environment variable holding the Firebase service account's JSON key, or of one holding a path to the key file (NAME_FILE)",
        }),
        web: Type.Object(
          {
            apiKey: Type.String({ default: '', description: "The Firebase web app's apiKey (public)" }),
            authDomain: Type.String({ default: '', description: 'Its authDomain' }),
            projectId: Type.String({
              default: '',
              pattern: '^([a-z0-9-]{1,64})?$',
              description: 'The Firebase project id (also where the server sends)',
            }),
            messagingSenderId: Type.String({ default: '', description: 'Its messagingSenderId' }),
            appId: Type.String({ default: '', description: 'Its appId' }),
            vapidKey: Type.String({
              default: '',
              pattern: '^[A-Za-z0-9_-]*$',
              description:
                "The project's Web Push certificate public key (Firebase console → Cloud Messaging → Web configuration)",
            }),
          },
          {
            default: {},
            additionalProperties: false,
            description:
              'The firebase web SDK configuration: public values, loaded only when a person turns notifications on',
          },
        ),
      },
      { default: {}, additionalProperties: false },
    ),
  },
  {
    default: {},
    additionalProperties: false,
    description:
      'Web push: the provider and where its keys come from; secrets (VAPID private key, FCM service account) never live in tenant.json',
  },
);

export const DirectCallSettings = Type.Object(
  {
    ringSeconds: Type.Integer({
      default: 60,
      minimum: 15,
      maximum: 300,
      description:
        'How long a direct call rings the online doctors before it counts as missed (the call is then given back to the package)',
    }),
    iomtCallMinutes: Type.Integer({
      default: 15,
      minimum: 5,
      maximum: 120,
      description: 'Longest direct call to the doctors of a remote-monitoring (IoMT) package',
    }),
  },
  { default: {}, additionalProperties: false, description: 'Direct calls to online doctors' },
);

export const ReferralSettings = Type.Object(
  {
    inviterReward: Type.Integer({
      default: 50_000,
      minimum: 0,
      maximum: 10_000_000,
      description:
        "VND credited to the inviter's wallet when the invited person completes their first paid consultation (0: none)",
    }),
    inviteeReward: Type.Integer({
      default: 50_000,
      minimum: 0,
      maximum: 10_000_000,
      description: "VND credited to the invited person's wallet at the same moment (0: none)",
    }),
  },
  {
    default: {},
    additionalProperties: false,
    description:
      'Refer and earn rewards, paid into both wallets once per invited person, phone and device; a tenant without the wallet feature pays none',
  },
);
