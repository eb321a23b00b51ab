import { Type, type Static, type TSchema } from 'typebox';
import { FEATURE_DESCRIPTIONS, FEATURE_KEYS } from './features';
import { ThemeTokens } from './theme.schema';

const Localized = (description: string, fallback = '') =>
  Type.Object(
    {
      vi: Type.String({ default: fallback, description: `${description} in Vietnamese` }),
      en: Type.String({ default: fallback, description: `${description} in English` }),
    },
    { default: {}, description, additionalProperties: false },
  );

const Text = (description: string, fallback = '') => Type.String({ default: fallback, description });

/** Makes every property of a token group optional, for tenant overrides. */
function partialGroup(group: TSchema & { properties: Record<string, TSchema> }) {
  const properties = Object.fromEntries(
    Object.entries(group.properties).map(([key, schema]) => [key, Type.Optional(schema)]),
  );
  return Type.Object(properties, { additionalProperties: false });
}

const tokenGroups = ThemeTokens.properties;
export const ThemeOverrides = Type.Object(
  {
    color: Type.Optional(partialGroup(tokenGroups.color)),
    font: Type.Optional(partialGroup(tokenGroups.font)),
    radius: Type.Optional(partialGroup(tokenGroups.radius)),
    space: Type.Optional(partialGroup(tokenGroups.space)),
    shadow: Type.Optional(partialGroup(tokenGroups.shadow)),
  },
  { default: {}, additionalProperties: false, description: 'Token values that replace the base theme' },
);

export const LanguageCode = Type.Union([Type.Literal('vi'), Type.Literal('en')]);
export type LanguageCode = Static<typeof LanguageCode>;

export const FeatureFlags = Type.Object(
  Object.fromEntries(
    FEATURE_KEYS.map((key) => [key, Type.Boolean({ default: true, description: FEATURE_DESCRIPTIONS[key] })]),
  ) as Record<(typeof FEATURE_KEYS)[number], ReturnType<typeof Type.Boolean>>,
  {
    default: {},
    additionalProperties: false,
    description: 'Product capabilities; every one is on unless set to false',
  },
);

export const FeatureKeySchema = Type.Enum(FEATURE_KEYS);

export const NavLink = Type.Object(
  {
    labelKey: Type.Optional(Type.String({ description: 'A translation key for the label' })),
    label: Type.Optional(Localized('A literal label, used when labelKey is absent')),
    href: Type.String({ minLength: 1, description: 'An app path (/blog/) or an absolute URL' }),
    feature: Type.Optional(FeatureKeySchema),
  },
  { additionalProperties: false },
);
export type NavLink = Static<typeof NavLink>;

export const HEADER_ITEMS = [
  'scheduleConsultation',
  'healthPrograms',
  'directCall',
  'memberPackage',
] as const;
export const HOME_SECTIONS = [
  'Banners',
  'ConsultDoctor',
  'TopHospital',
  'HealthConcern',
  'HomeSymptomsList',
  'Promotionals',
  'Testimonials',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];
export type HeaderItem = (typeof HEADER_ITEMS)[number];

/** The whole configuration of one tenant: tenants/<code>/tenant.json. */
export const TenantConfig = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'Path of schemas/tenant.schema.json, for editors' })),
    code: Type.String({
      pattern: '^[a-z][a-z0-9]{1,29}$',
      description: 'Company code: the first host label and the CompanyCode header',
    }),
    name: Localized('Brand name shown in the header, titles and copyright'),
    description: Localized('One-sentence description for search engines'),
    domains: Type.Array(Type.String({ pattern: '^[a-z0-9.-]+(:[0-9]+)?$' }), {
      default: [],
      description: 'Custom host names that map to this tenant (e.g. benhviensonghong.vn)',
    }),
    demo: Type.Boolean({ default: true, description: 'Marks the portal as a demo with fictional data' }),
    companyInfo: Type.Object(
      {
        logo: Text('Logo: a file in the tenant folder or an absolute URL', 'logo.svg'),
        icon: Text('Favicon: a file in the tenant folder or an absolute URL', 'icon.svg'),
        linkGoogleMap: Text('Link to the hospital on a map'),
        hotlineCSKH: Text('Customer-care hotline'),
        companyCode: Text('Company code shown to users (defaults to code)'),
        linkUserWeb: Text('Public web address of the portal'),
        zalo: Text('Zalo account'),
        hospitalFullName: Localized(
          'Legal full name of the hospital or company (footer copyright, receipts)',
        ),
      },
      {
        default: {},
        additionalProperties: false,
        description: 'Company info of the spec: logo, icon, hotline, Zalo, map link, legal name',
      },
    ),
    siteConfig: Type.Object(
      {
        socialMediaZaloLink: Text('Zalo page link'),
        socialMediaFacebookLink: Text('Facebook page link'),
        socialMediaYouTubeLink: Text('YouTube channel link'),
        sitContactAddress: Localized('Postal address'),
        siteContactMobileNumber: Text('Contact phone number'),
        siteContactEmail: Text('Contact email; contact-us messages go here'),
      },
      {
        default: {},
        additionalProperties: false,
        description: 'Site config of the spec: social links and contact details shown in the footer',
      },
    ),
    theme: Type.Object(
      {
        base: Type.String({ default: 'classic', description: 'A base theme file name in themes/' }),
        overrides: ThemeOverrides,
      },
      {
        default: {},
        additionalProperties: false,
        description: 'A base theme from themes/ plus token overrides; text colours must pass WCAG AA',
      },
    ),
    languages: Type.Object(
      {
        offered: Type.Array(LanguageCode, { default: ['vi', 'en'], minItems: 1, uniqueItems: true }),
        default: Type.Union([Type.Literal('vi'), Type.Literal('en')], {
          default: 'vi',
          description: 'Language of a first visit',
        }),
      },
      {
        default: {},
        additionalProperties: false,
        description: 'Languages offered in the language selector and the one a first visit gets',
      },
    ),
    features: FeatureFlags,
    navigation: Type.Object(
      {
        header: Type.Array(Type.Enum(HEADER_ITEMS), {
          // The spec's order (section 2): schedule consultation, health programs, direct call, member package.
          default: ['scheduleConsultation', 'healthPrograms', 'directCall', 'memberPackage'],
          description:
            'Header buttons in order; a button whose feature is off is hidden, one whose page the app does not have stops start-up',
        }),
        quickLinks: Type.Array(NavLink, { default: [], description: 'Footer quick links' }),
        privacyLinks: Type.Array(NavLink, { default: [], description: 'Footer privacy links' }),
      },
      { default: {}, additionalProperties: false, description: 'Header buttons and footer links' },
    ),
    home: Type.Object(
      {
        sections: Type.Array(Type.Enum(HOME_SECTIONS), {
          default: [
            'Banners',
            'ConsultDoctor',
            'HealthConcern',
            'TopHospital',
            'HomeSymptomsList',
            'Testimonials',
          ],
          uniqueItems: true,
          description: 'Home-page sections in order',
        }),
      },
      { default: {}, additionalProperties: false, description: 'Home-page layout' },
    ),
    forms: Type.Record(
      Type.String(),
      Type.Object(
        {
          schema: Type.Optional(
            Type.Object({}, { description: 'JSON Schema keywords merged into the form schema' }),
          ),
          uiSchema: Type.Optional(
            Type.Object({}, { description: 'rjsf uiSchema merged into the form uiSchema' }),
          ),
        },
        { additionalProperties: false },
      ),
      { default: {}, description: 'Per-form overrides of the schema-rendered forms, keyed by form id' },
    ),
    strings: Type.Object(
      {
        vi: Type.Record(Type.String(), Type.String(), { default: {} }),
        en: Type.Record(Type.String(), Type.String(), { default: {} }),
      },
      { default: {}, additionalProperties: false, description: 'Translation overrides by message key' },
    ),
    security: Type.Object(
      {
        frameAncestors: Type.Array(Type.String(), {
          default: [],
          description: 'Origins allowed to embed the portal in a frame; empty means none',
        }),
      },
      { default: {}, additionalProperties: false, description: 'Per-tenant security settings' },
    ),
    auth: Type.Object(
      {
        passwordPolicy: Type.Union([Type.Literal('default'), Type.Literal('nist')], {
          default: 'default',
          description: 'default: the spec rule (6+, lower, upper, special); nist: NIST SP 800-63B',
        }),
      },
      { default: {}, additionalProperties: false, description: 'Account rules of this tenant' },
    ),
    booking: Type.Object(
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
    ),
    payments: Type.Object(
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
    ),
    video: Type.Object(
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
        description:
          'Video consultations: the call provider and its servers; secrets never live in tenant.json',
      },
    ),
    push: Type.Object(
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
    ),
    directCall: Type.Object(
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
    ),
    referral: Type.Object(
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
    ),
    seo: Type.Object(
      {
        indexing: Type.Boolean({
          default: true,
          description:
            'false (staging portals): every page says noindex, robots.txt disallows everything and the sitemap is empty',
        }),
      },
      {
        default: {},
        additionalProperties: false,
        description: 'Search engines: whether this portal is indexed',
      },
    ),
    privacy: Type.Object(
      {
        healthDataConsent: Type.Object(
          {
            version: Type.String({
              default: '2026-01',
              minLength: 1,
              maxLength: 40,
              description:
                'Version of the consent text; changing it asks every patient to consent again before their next health record or claim',
            }),
            text: Localized(
              'Consent to the processing of health data (Personal Data Protection Law 91/2025) shown before the first health record or claim',
              '',
            ),
          },
          { default: {}, additionalProperties: false },
        ),
      },
      {
        default: {},
        additionalProperties: false,
        description: 'Personal data: consent texts of this tenant',
      },
    ),
    sms: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              provider: Type.Literal('json-http', {
                description:
                  'json-http: POST {to, content, brandName, requestId} as JSON with a bearer API key',
              }),
              url: Type.String({ pattern: '^https://', description: 'Gateway endpoint (HTTPS)' }),
              apiKeyEnv: Type.String({
                pattern: '^[A-Z][A-Z0-9_]*$',
                description: 'NAME of the environment variable holding the API key (never the key itself)',
              }),
              brandName: Type.String({ maxLength: 11, description: 'Registered SMS sender name' }),
              unicode: Type.Optional(
                Type.Boolean({ description: 'The gateway takes Vietnamese with diacritics (default true)' }),
              ),
            },
            { additionalProperties: false },
          ),
          Type.Object(
            {
              provider: Type.Literal('esms', {
                description: 'eSMS.vn brand-name customer-care SMS (JSON API, SmsType 2)',
              }),
              url: Type.Optional(
                Type.String({ pattern: '^https?://', description: "Endpoint (default eSMS's own)" }),
              ),
              apiKeyEnv: Type.String({
                pattern: '^[A-Z][A-Z0-9_]*$',
                description: 'NAME of the environment variable holding the eSMS ApiKey',
              }),
              secretKeyEnv: Type.String({
                pattern: '^[A-Z][A-Z0-9_]*$',
                description: 'NAME of the environment variable holding the eSMS SecretKey',
              }),
              brandName: Type.String({ maxLength: 11, description: 'Registered brand name' }),
              unicode: Type.Optional(
                Type.Boolean({
                  description: 'Send with diacritics (IsUnicode 1; 70 characters per SMS); default false',
                }),
              ),
              sandbox: Type.Optional(Type.Boolean({ description: 'eSMS Sandbox: checked, not sent' })),
            },
            { additionalProperties: false },
          ),
        ],
        { description: 'SMS gateway of this tenant (credentials from the environment)' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TenantConfig = Static<typeof TenantConfig>;
