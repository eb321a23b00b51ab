import fp from 'fastify-plugin';
import type { LanguageCode } from '../../schemas/tenant.schema';
import { ApiError } from '../lib/api-error';
import type { Tenant, TenantRegistry } from '../tenancy/registry';
import { resolveTenant } from '../tenancy/resolve';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of this request (set for every /api/v1 route). */
    tenant: Tenant;
    /** The reply language: x-accept-language when the tenant offers it, else the tenant default. */
    lang: LanguageCode;
  }
  interface FastifyContextConfig {
    /** false: the route does not belong to a tenant (health checks). */
    tenant?: false;
  }
}

/** Spec language ids: English 1, Vietnamese 2. */
export const languageIdOf = (lang: LanguageCode) => (lang === 'en' ? 1 : 2);

/**
 * Resolves the tenant of each API request before anything else runs, so no handler can run
 * without one; an unknown portal gets a 404 `tenant_not_found` and never another tenant's data.
 */
export const tenantPlugin = fp<{ registry: TenantRegistry }>(async (app, { registry }) => {
  app.decorateRequest('tenant', null as unknown as Tenant);
  app.decorateRequest('lang', 'vi');
  app.addHook('onRequest', async (request) => {
    request.lang = requestedLanguage(request.headers['x-accept-language'], registry.defaultTenant);
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.tenant === false) return;
    const header = request.headers['companycode'];
    const tenant = resolveTenant(registry, Array.isArray(header) ? header[0] : header, request.headers.host);
    if (!tenant) throw new ApiError(404, 'tenant_not_found');
    request.tenant = tenant;
    request.lang = requestedLanguage(request.headers['x-accept-language'], tenant);
  });
});

function requestedLanguage(header: string | string[] | undefined, tenant: Tenant): LanguageCode {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  const offered = tenant.config.languages.offered;
  return value && (offered as string[]).includes(value)
    ? (value as LanguageCode)
    : tenant.config.languages.default;
}
