import type { LanguageCode } from '../../../schemas/tenant.schema';
import { escapeHtml } from '../../lib/escape-html';
import type { Tenant } from '../../tenancy/registry';
import type { PageCode } from './page-code';

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
  /** The opened page's code beyond the entry (page-code.ts). */
  code?: PageCode;
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
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The tags that load a page's code. The loading shell: the entry as Vite wrote it, and
 * low-priority hints for the page's code and CSS (the entry and its libraries run first anyway;
 * these must not take bandwidth from them). A server-rendered page shows its content before its
 * code runs: its CSS is linked as stylesheets at the end of the head (after the entry's, the
 * order the app would add them in: the content shows styled instead of moving when the script
 * adds them), and all its code, the entry's included, is listed in #sk-code and asked for by
 * /start-after-paint.js after the first paint: on a slow phone the HTML and CSS then have the
 * network to themselves (Lighthouse: the code no longer delays the first or largest paint).
 */
function codeTags(template: string, code: PageCode, rendered: boolean) {
  if (!rendered) {
    const hints = [
      ...code.scripts.map(
        (href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`,
      ),
      ...code.styles.map(
        (href) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`,
      ),
    ];
    return { template, head: hints.join(''), end: '' };
  }
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return { template, head: '', end: '' };
  const files = [entry, ...[...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!), ...code.scripts];
  return {
    template: template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    head: `${dataBlock('sk-code', JSON.stringify(files))}<script type="module" src="/start-after-paint.js"></script>`,
    end: code.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join(''),
  };
}

/**
 * The built index.html for a tenant's page: its head (title, description, theme colour, or the SEO
 * head), its language, the boot bundle and the page's preload hints, and in #root either the
 * server-rendered page with its data (public pages) or the loading shell (the browser renders).
 */
export function renderIndexHtml(
  template: string,
  tenant: Tenant | null,
  { bootJson = '', code = { scripts: [], styles: [] }, language, head, rendered }: PageParts = {},
): string {
  if (!tenant) {
    return template
      .replace('<!--tenant-head-->', '<title>Portal not found</title><meta name="robots" content="noindex">')
      .replace('<!--tenant-shell-->', shell(null, `${LOADING.vi} / ${LOADING.en}`));
  }
  const lang = language ?? tenant.config.languages.default;
  const tags = codeTags(template, code, !!rendered);
  const headTags = [
    head ??
      [
        `<title>${escapeHtml(tenant.config.name[lang])}</title>`,
        `<meta name="description" content="${escapeHtml(tenant.config.description[lang])}">`,
        `<meta name="theme-color" content="${tenant.theme.color.primary}">`,
      ].join(''),
    bootJson ? dataBlock('sk-boot', bootJson) : '',
    rendered ? dataBlock('sk-state', rendered.state) : '',
    tags.head,
  ].join('');
  const body = rendered ? rendered.html : shell(tenant.config.name[lang], LOADING[lang]);
  return tags.template
    .replace('<!--tenant-head-->', () => headTags)
    .replace('<!--tenant-shell-->', () => body)
    .replace('</head>', () => `${tags.end}</head>`)
    .replace(/<html lang="[a-z-]*"/, `<html lang="${lang}"`);
}
