import type { Tenant } from '../../tenancy/registry';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

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
 * The boot bundle as a JSON data block (not a script: the CSP does not apply, nothing runs). `<`
 * is escaped so no text in it can close the element.
 */
function bootData(json: string): string {
  return `<script type="application/json" id="sk-boot">${json.replace(/</g, '\\u003c')}</script>`;
}

/**
 * The built index.html with the tenant's title, description, theme colour, language and loading
 * shell filled in, so shared links and search engines see the right brand before the app boots,
 * and with the tenant's boot bundle (`bootJson`, what GET /api/v1/Tenants/Boot answers) embedded,
 * so the app needs no boot request before it can ask for the page's data, and with `preloads`,
 * the `<link>` hints for the opened page's code (page-preloads.ts).
 */
export function renderIndexHtml(
  template: string,
  tenant: Tenant | null,
  { bootJson = '', preloads = '' }: { bootJson?: string; preloads?: string } = {},
): string {
  if (!tenant) {
    return template
      .replace('<!--tenant-head-->', '<title>Portal not found</title><meta name="robots" content="noindex">')
      .replace('<!--tenant-shell-->', shell(null, `${LOADING.vi} / ${LOADING.en}`));
  }
  const lang = tenant.config.languages.default;
  const head = [
    `<title>${escapeHtml(tenant.config.name[lang])}</title>`,
    `<meta name="description" content="${escapeHtml(tenant.config.description[lang])}">`,
    `<meta name="theme-color" content="${tenant.theme.color.primary}">`,
    bootJson ? bootData(bootJson) : '',
    preloads,
  ].join('');
  return template
    .replace('<!--tenant-head-->', head)
    .replace('<!--tenant-shell-->', shell(tenant.config.name[lang], LOADING[lang]))
    .replace(/<html lang="[a-z-]*"/, `<html lang="${lang}"`);
}
