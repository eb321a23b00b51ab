import type { LanguageCode } from '../../../schemas/tenant.schema';
import { escapeHtml } from '../../lib/escape-html';
import type { Tenant } from '../../tenancy/registry';

const LOADING = { vi: 'Đang tải…', en: 'Loading…' } as const;

/**
 * What the page shows from the first paint until the app has booted and rendered (React
 * replaces it): the portal's name and a loading status, styled by the entry CSS (`.sk-shell`,
 * src/app/global.css.ts). Why: on a mid-range phone the app's code takes a second or two to
 * arrive; a branded page meanwhile is better than a blank one.
 */
function shell(name: string | null, loading: string): string {
  const brand = name ? `<p class="sk-shell-brand">${escapeHtml(name)}</p>` : '';
  return `<main class="sk-shell" aria-busy="true">${brand}<p role="status">${escapeHtml(loading)}</p></main>`;
}

/**
 * JSON as a data block (not a script: the CSP does not apply, nothing runs). `<` is escaped so no
 * text in it can close the element.
 */
function dataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

export interface PageParts {
  /** What GET /api/v1/Tenants/Boot answers, as JSON: embedded so the app needs no boot request. */
  bootJson?: string;
  /** `<link>` hints for the opened page's code (page-preloads.ts). */
  preloads?: string;
  /** The server-rendered page's own stylesheets, after the entry's (page-preloads.ts). */
  stylesheets?: string;
  /** The language the page is in (default: the tenant's). */
  language?: LanguageCode;
  /** The page's `<head>` tags (server/modules/seo pageHead); default: the tenant's title and description. */
  head?: string;
  /**
   * The server-rendered page (src/app/entry-server.tsx): its HTML goes into #root instead of the
   * loading shell, and its RTK Query state into the #sk-state data block the app hydrates with.
   */
  rendered?: { html: string; state: string } | null;
}

/** The entry script and its module preloads, as Vite writes them into index.html. */
const ENTRY_CODE = /<(script type="module"|link rel="modulepreload") crossorigin/g;

/**
 * The built index.html for a tenant's page: its head (title, description, theme colour, or the SEO
 * head), its language, the boot bundle and the page's preload hints, and in #root either the
 * server-rendered page with its data (public pages) or the loading shell (the browser renders).
 */
export function renderIndexHtml(
  template: string,
  tenant: Tenant | null,
  { bootJson = '', preloads = '', stylesheets = '', language, head, rendered }: PageParts = {},
): string {
  if (!tenant) {
    return template
      .replace('<!--tenant-head-->', '<title>Portal not found</title><meta name="robots" content="noindex">')
      .replace('<!--tenant-shell-->', shell(null, `${LOADING.vi} / ${LOADING.en}`));
  }
  const lang = language ?? tenant.config.languages.default;
  const tags = [
    head ??
      [
        `<title>${escapeHtml(tenant.config.name[lang])}</title>`,
        `<meta name="description" content="${escapeHtml(tenant.config.description[lang])}">`,
        `<meta name="theme-color" content="${tenant.theme.color.primary}">`,
      ].join(''),
    bootJson ? dataBlock('sk-boot', bootJson) : '',
    rendered ? dataBlock('sk-state', rendered.state) : '',
    preloads,
  ].join('');
  const body = rendered ? rendered.html : shell(tenant.config.name[lang], LOADING[lang]);
  // A rendered page shows its content before its code runs: the code loads at low priority, so
  // on a slow phone the HTML, CSS and images come first (the app hydrates once it arrives). The
  // loading shell shows nothing until the code runs, so there it keeps its high priority.
  const page = rendered ? template.replace(ENTRY_CODE, '$& fetchpriority="low"') : template;
  return page
    .replace('<!--tenant-head-->', () => tags)
    .replace('<!--tenant-shell-->', () => body)
    .replace('</head>', () => `${stylesheets}</head>`)
    .replace(/<html lang="[a-z-]*"/, `<html lang="${lang}"`);
}
