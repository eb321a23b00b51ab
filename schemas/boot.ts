import { Type, type Static } from 'typebox';
import { ThemeTokens } from './theme.schema';
import { FeatureFlags, HEADER_ITEMS, HOME_SECTIONS, LanguageCode, NavLink } from './tenant.schema';

const Localized = Type.Object({ vi: Type.String(), en: Type.String() });

/** Company info of spec section 3; logo and icon are resolved to URLs, names in the request language. */
export const CompanyInfo = Type.Object({
  logo: Type.String(),
  icon: Type.String(),
  linkGoogleMap: Type.String(),
  hotlineCSKH: Type.String(),
  companyCode: Type.String(),
  linkUserWeb: Type.String(),
  zalo: Type.String(),
  hospitalFullName: Type.String(),
});
export type CompanyInfo = Static<typeof CompanyInfo>;

/** Site config of spec section 3 (field names as the spec spells them; the address in the request language). */
export const SiteConfig = Type.Object({
  socialMediaZaloLink: Type.String(),
  socialMediaFacebookLink: Type.String(),
  socialMediaYouTubeLink: Type.String(),
  sitContactAddress: Type.String(),
  siteContactMobileNumber: Type.String(),
  siteContactEmail: Type.String(),
});
export type SiteConfig = Static<typeof SiteConfig>;

/**
 * Everything the web app needs before its first render, in one round trip:
 * GET /api/v1/Tenants/Boot (tenant from the CompanyCode header, else the Host).
 */
export const BootBundle = Type.Object({
  companyCode: Type.String({ description: 'The canonical code; the client sends it on every later request' }),
  name: Localized,
  description: Localized,
  demo: Type.Boolean(),
  environment: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')]),
  version: Type.String(),
  companyInfo: CompanyInfo,
  siteConfig: SiteConfig,
  /** companyInfo.hospitalFullName and siteConfig.sitContactAddress in both languages (the app switches live). */
  legalName: Localized,
  contactAddress: Localized,
  theme: ThemeTokens,
  languages: Type.Object({ offered: Type.Array(LanguageCode), default: LanguageCode }),
  features: FeatureFlags,
  navigation: Type.Object({
    header: Type.Array(Type.Enum(HEADER_ITEMS)),
    quickLinks: Type.Array(NavLink),
    privacyLinks: Type.Array(NavLink),
  }),
  home: Type.Object({ sections: Type.Array(Type.Enum(HOME_SECTIONS)) }),
  /** The public part of the tenant's booking rules (tenant.json `booking`): what the booking page shows. */
  booking: Type.Object({
    timeZone: Type.String({ description: 'IANA zone of the hospital: slot times are shown in it' }),
    holdMinutes: Type.Integer(),
    paymentMethods: Type.Array(Type.Integer({ minimum: 0, maximum: 3 })),
    sameDayCutoff: Type.String({ description: "HH:mm local, '' when none" }),
    maxDaysAhead: Type.Integer(),
  }),
  forms: Type.Record(Type.String(), Type.Object({}, { additionalProperties: true })),
  strings: Type.Object({
    vi: Type.Record(Type.String(), Type.String()),
    en: Type.Record(Type.String(), Type.String()),
  }),
});
export type BootBundle = Static<typeof BootBundle>;
