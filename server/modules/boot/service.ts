import type { BootBundle, CompanyInfo, SiteConfig } from '../../../schemas/boot';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Tenant } from '../../tenancy/registry';

/** A tenant file name or URL as the URL the browser loads it from. */
export function assetUrl(tenant: Tenant, value: string): string {
  if (!value || /^https?:\/\//.test(value) || value.startsWith('/')) return value;
  return `/api/v1/Tenants/${tenant.config.code}/assets/${encodeURIComponent(value)}`;
}

/** Company info of spec section 3 with logo and icon as URLs and the legal name in `lang`. */
export function companyInfo(tenant: Tenant, lang: LanguageCode): CompanyInfo {
  const info = tenant.config.companyInfo;
  return {
    ...info,
    logo: assetUrl(tenant, info.logo),
    icon: assetUrl(tenant, info.icon),
    companyCode: info.companyCode || tenant.config.code,
    hospitalFullName: info.hospitalFullName[lang],
  };
}

/** Site config of spec section 3 with the postal address in `lang`. */
export function siteConfig(tenant: Tenant, lang: LanguageCode): SiteConfig {
  const site = tenant.config.siteConfig;
  return { ...site, sitContactAddress: site.sitContactAddress[lang] };
}

/** Everything the web app needs before its first render (schemas/boot.ts). */
export function bootBundle(
  tenant: Tenant,
  environment: BootBundle['environment'],
  version: string,
  lang: LanguageCode,
): BootBundle {
  const { config } = tenant;
  return {
    companyCode: config.code,
    name: config.name,
    description: config.description,
    demo: config.demo,
    environment,
    version,
    companyInfo: companyInfo(tenant, lang),
    siteConfig: siteConfig(tenant, lang),
    legalName: config.companyInfo.hospitalFullName,
    contactAddress: config.siteConfig.sitContactAddress,
    theme: tenant.theme,
    languages: config.languages,
    features: config.features,
    navigation: config.navigation,
    home: config.home,
    booking: {
      timeZone: config.booking.timeZone,
      holdMinutes: config.booking.holdMinutes,
      paymentMethods: config.booking.paymentMethods,
      sameDayCutoff: config.booking.sameDayCutoff,
      maxDaysAhead: config.booking.maxDaysAhead,
    },
    forms: config.forms,
    strings: config.strings,
  };
}
