import type { BootBundle } from '../../schemas/boot';
import type { ApiEnvelope } from '../../schemas/envelope';
import type { LanguageCode } from '../../schemas/tenant.schema';
import { applyTenantStrings, loadLanguage } from '../lib/i18n/i18n';
import { resolveLanguage, storedLanguage } from '../lib/i18n/language';
import { setCompanyCode } from '../lib/request-context';
import { commonHeaders } from '../lib/request-headers';
import { readUser } from '../lib/user-storage';
import { companyCodeFromHost } from './company-code';

type BootFailure = { kind: 'not-found' } | { kind: 'failed' };
export type BootFetch = { kind: 'bundle'; bundle: BootBundle } | BootFailure;
export type BootResult = { kind: 'ready'; bundle: BootBundle; language: LanguageCode } | BootFailure;

/**
 * The boot bundle the server embedded in the page (server/modules/web/index-html.ts), taken once:
 * a retry after a failure asks the server again. Null when absent (the Vite dev server) or broken.
 */
function takeEmbeddedBoot(): BootBundle | null {
  const element = document.getElementById('sk-boot');
  if (!element) return null;
  element.remove();
  try {
    const bundle = JSON.parse(element.textContent ?? '') as BootBundle | null;
    return bundle && typeof bundle.companyCode === 'string' ? bundle : null;
  } catch {
    return null;
  }
}

/**
 * Loads the tenant's boot bundle for this host: the one embedded in the page, else GET
 * /api/v1/Tenants/Boot with the company code of the host name. From then on every request
 * carries the canonical code of the bundle, so a custom domain (resolved by the server from
 * Host) behaves like its subdomain.
 */
export async function fetchBoot(): Promise<BootFetch> {
  const embedded = takeEmbeddedBoot();
  if (embedded) {
    setCompanyCode(embedded.companyCode);
    return { kind: 'bundle', bundle: embedded };
  }
  setCompanyCode(companyCodeFromHost(window.location.hostname));
  try {
    // Sent like every other request (spec section 7): with the bearer token when one is stored.
    const token = readUser()?.token;
    const headers = { ...commonHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const response = await fetch('/api/v1/Tenants/Boot', { headers });
    const body = (await response.json().catch(() => null)) as ApiEnvelope<BootBundle | null> | null;
    if (response.status === 404 && body?.codeMessageRespond === 'tenant_not_found')
      return { kind: 'not-found' };
    if (!response.ok || !body?.data) return { kind: 'failed' };
    setCompanyCode(body.data.companyCode);
    return { kind: 'bundle', bundle: body.data };
  } catch {
    return { kind: 'failed' };
  }
}

/**
 * Boots the tenant: loads the bundle (while i18next starts), settles the language (the one the
 * server rendered the page in, else the stored choice if offered, else the tenant default), loads
 * that language's messages if they differ from the ones already shown, and applies the tenant's
 * message overrides.
 */
export async function bootTenant(i18nReady: Promise<void>, renderedIn?: LanguageCode): Promise<BootResult> {
  const result = await fetchBoot();
  if (result.kind !== 'bundle') return result;
  await i18nReady;
  const { bundle } = result;
  const language = renderedIn ?? resolveLanguage(storedLanguage(), bundle.languages);
  await loadLanguage(language);
  applyTenantStrings(bundle.strings);
  return { kind: 'ready', bundle, language };
}
