import type { Blog } from '../../../schemas/discovery';
import type { DoctorDetail, Hospital } from '../../../schemas/catalogue';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Static } from 'typebox';
import type { Tenant } from '../../tenancy/registry';
import { assetUrl } from '../boot/index';
import { absoluteUrl } from './page-urls';

/**
 * schema.org objects for the JSON-LD data blocks of a page. Plain data in, plain objects out;
 * empty values are left out rather than sent as "" (search engines flag empty properties).
 * Shapes are checked in json-ld.test.ts against small JSON Schemas (json-ld-shapes.ts).
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** Drops undefined, "" and [] values (one level: nested objects build themselves with it). */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** The tenant's own @id, so other objects (an Article's publisher) point at one organisation. */
export const organizationId = (origin: string) => `${origin.replace(/\/+$/, '')}/#organization`;

/** The tenant as a MedicalOrganization: name, logo, contact, social profiles. */
export function organizationLd(tenant: Tenant, lang: LanguageCode, origin: string): JsonLd {
  const { config } = tenant;
  const site = config.siteConfig;
  return compact({
    '@context': CONTEXT,
    '@type': 'MedicalOrganization',
    '@id': organizationId(origin),
    name: config.name[lang],
    legalName: config.companyInfo.hospitalFullName[lang],
    description: config.description[lang],
    url: `${origin.replace(/\/+$/, '')}/`,
    logo: absoluteUrl(origin, assetUrl(tenant, config.companyInfo.logo)),
    telephone: config.companyInfo.hotlineCSKH || site.siteContactMobileNumber,
    email: site.siteContactEmail,
    address: site.sitContactAddress[lang]
      ? { '@type': 'PostalAddress', streetAddress: site.sitContactAddress[lang], addressCountry: 'VN' }
      : undefined,
    sameAs: [site.socialMediaFacebookLink, site.socialMediaYouTubeLink, site.socialMediaZaloLink].filter(
      Boolean,
    ),
  });
}

/** "Phòng khám ..." / "... Clinic" is a MedicalClinic; every other facility a Hospital. */
export const facilityType = (name: string): 'MedicalClinic' | 'Hospital' =>
  /ph[òo]ng kh[áa]m|clinic/i.test(name) ? 'MedicalClinic' : 'Hospital';

/** A hospital or clinic; `url` is the page that lists its doctors. */
export function hospitalLd(hospital: Hospital, url: string, origin: string, withContext = true): JsonLd {
  return compact({
    '@context': withContext ? CONTEXT : undefined,
    '@type': facilityType(hospital.name),
    name: hospital.name,
    url,
    image: absoluteUrl(origin, hospital.image),
    telephone: hospital.contactNumber,
    address: compact({
      '@type': 'PostalAddress',
      streetAddress: hospital.address,
      addressLocality: hospital.cityName,
      addressCountry: 'VN',
    }),
  });
}

/** Hospitals shown on a list page, in their order. */
export function hospitalListLd(items: { hospital: Hospital; url: string }[], origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: items.map(({ hospital, url }, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: hospitalLd(hospital, url, origin, false),
    })),
  };
}

/** A doctor: name with title, specialities, photo, workplaces and rating. */
export function physicianLd(doctor: DoctorDetail, name: string, url: string, origin: string): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'Physician',
    '@id': `${url}#physician`,
    name,
    honorificPrefix: doctor.title,
    url,
    image: absoluteUrl(origin, doctor.photo),
    description: doctor.biography.slice(0, 300),
    medicalSpecialty: doctor.specialities.map((s) => s.name),
    knowsLanguage: doctor.languages.map((l) => l.name),
    hospitalAffiliation: doctor.hospitals.map((h) => ({ '@type': facilityType(h.name), name: h.name })),
    address: doctor.cityName
      ? { '@type': 'PostalAddress', addressLocality: doctor.cityName, addressCountry: 'VN' }
      : undefined,
    aggregateRating:
      doctor.ratingCount > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: doctor.rating,
            ratingCount: doctor.ratingCount,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  });
}

/** A blog post, published by the tenant. */
export function articleLd(
  blog: Static<typeof Blog>,
  url: string,
  tenant: Tenant,
  lang: LanguageCode,
  origin: string,
): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'Article',
    headline: blog.title.slice(0, 110),
    description: blog.summary,
    image: blog.image ? [absoluteUrl(origin, blog.image)] : undefined,
    datePublished: blog.publishedAt,
    author: blog.author ? { '@type': 'Person', name: blog.author } : undefined,
    publisher: {
      '@type': 'MedicalOrganization',
      '@id': organizationId(origin),
      name: tenant.config.name[lang],
    },
    mainEntityOfPage: url,
    articleSection: blog.categoryName,
  });
}

/** The breadcrumb trail the page shows; the last step is the page itself. */
export function breadcrumbLd(steps: { name: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}
