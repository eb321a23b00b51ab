import type { Tenant } from '../../tenancy/registry';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The built index.html with the tenant's title, description, theme colour and language filled in,
 * so shared links and search engines see the right brand before the app boots.
 */
export function renderIndexHtml(template: string, tenant: Tenant | null): string {
  if (!tenant) {
    return template.replace(
      '<!--tenant-head-->',
      '<title>Portal not found</title><meta name="robots" content="noindex">',
    );
  }
  const lang = tenant.config.languages.default;
  const head = [
    `<title>${escapeHtml(tenant.config.name[lang])}</title>`,
    `<meta name="description" content="${escapeHtml(tenant.config.description[lang])}">`,
    `<meta name="theme-color" content="${tenant.theme.color.primary}">`,
  ].join('');
  return template.replace('<!--tenant-head-->', head).replace(/<html lang="[a-z-]*"/, `<html lang="${lang}"`);
}
