import type { LanguageCode } from '../../../schemas/tenant.schema';
import { escapeHtml } from '../../lib/escape-html';
import type { Tenant } from '../../tenancy/registry';
import { assetUrl } from '../boot/index';
import type { JsonLd } from './json-ld';
import type { PageDescription } from './page-description';
import { absoluteUrl, alternates, pageUrl } from './page-urls';

const OG_LOCALE: Record<LanguageCode, string> = { vi: 'vi_VN', en: 'en_US' };

const ROBOTS: Record<PageDescription['robots'], string> = {
  index: 'index, follow, max-image-preview:large',
  noindex: 'noindex',
  'noindex-follow': 'noindex, follow',
};

const meta = (attribute: 'name' | 'property', key: string, content: string | undefined) =>
  content ? `<meta ${attribute}="${key}" content="${escapeHtml(content)}">` : '';

/**
 * A JSON-LD data block. Not a script for the browser (the CSP forbids inline scripts, a data block
 * never runs); `<` is escaped so no text in it can close the element.
 */
export const jsonLdBlock = (data: JsonLd) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/**
 * The `<head>` tags of a described page: title, description, theme colour, robots, canonical and
 * hreflang alternates (public pages only), Open Graph and Twitter card, JSON-LD blocks. Every
 * value is escaped here; descriptions hold plain text.
 */
export function renderHead(
  page: PageDescription,
  { tenant, lang, origin, jsonLd }: { tenant: Tenant; lang: LanguageCode; origin: string; jsonLd: JsonLd[] },
): string {
  const { config } = tenant;
  const name = config.name[lang];
  const title = page.title ? `${page.title} | ${name}` : name;
  const description = page.description ? `${name}: ${page.description}` : config.description[lang];
  const indexing = config.seo.indexing;
  const robots = indexing ? ROBOTS[page.robots] : 'noindex, nofollow';
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('name', 'theme-color', tenant.theme.color.primary),
    meta('name', 'robots', robots),
  ];
  if (page.canonical) {
    const { path, query } = page.canonical;
    const url = pageUrl(origin, tenant, path, lang, query);
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
    if (config.languages.offered.length > 1) {
      for (const alt of alternates(origin, tenant, path, query)) {
        tags.push(`<link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(alt.href)}">`);
      }
    }
    const image = absoluteUrl(origin, page.og?.image || assetUrl(tenant, config.companyInfo.logo));
    const ogTitle = page.og?.title ?? title;
    tags.push(
      meta('property', 'og:site_name', name),
      meta('property', 'og:type', page.og?.type ?? 'website'),
      meta('property', 'og:title', ogTitle),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      meta('property', 'og:locale', OG_LOCALE[lang]),
      ...config.languages.offered
        .filter((other) => other !== lang)
        .map((other) => meta('property', 'og:locale:alternate', OG_LOCALE[other])),
      meta('property', 'og:image', image),
      meta('property', 'og:image:alt', page.og?.image ? page.og.imageAlt : name),
      meta('property', 'article:published_time', page.og?.publishedTime),
      // A wide picture (a blog's cover, a hospital) as a large card; a portrait or logo as a thumbnail.
      meta(
        'name',
        'twitter:card',
        page.og?.image && page.og.type !== 'profile' ? 'summary_large_image' : 'summary',
      ),
      meta('name', 'twitter:title', ogTitle),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', image),
    );
  }
  tags.push(...jsonLd.map(jsonLdBlock));
  return tags.join('');
}
