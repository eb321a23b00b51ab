import { Type, type Static, type TSchema } from 'typebox';
import { FEATURE_DESCRIPTIONS, FEATURE_KEYS } from './features';
import { ThemeTokens } from './theme.schema';
import {
  BookingSettings,
  DirectCallSettings,
  PaymentSettings,
  PushSettings,
  ReferralSettings,
  VideoSettings,
} from './tenant-services.schema';

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
    booking: BookingSettings,
    payments: PaymentSettings,
    video: VideoSettings,
    push: PushSettings,
    directCall: DirectCallSettings,
    referral: ReferralSettings,
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
