import { isIP } from 'node:net';
import type { Tenant, TenantRegistry } from './registry';

/** Host name without port, lower-cased ("SongHong.localhost:8080" -> "songhong.localhost"). */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  return trimmed.replace(/:\d+$/, '');
}

/** The tenant a host name designates: a custom domain, the default for localhost/IPs, else its first label. */
export function tenantFromHost(registry: TenantRegistry, host: string | undefined): Tenant | null {
  const name = hostName(host);
  if (!name || name === 'localhost' || isIP(name)) return registry.defaultTenant;
  const custom = registry.byDomain.get(name);
  if (custom) return custom;
  return registry.byCode.get(name.split('.')[0] ?? '') ?? null;
}

/**
 * The tenant of an API request: the CompanyCode header when it names a tenant; an empty header
 * falls back to the Host. A non-empty unknown code is refused (null -> 404) unless the Host is a
 * configured custom domain: clients derive the code from the first host label, which on a custom
 * domain ("www.benhvien.vn") is not a code.
 */
export function resolveTenant(
  registry: TenantRegistry,
  companyCode: string | undefined,
  host: string | undefined,
): Tenant | null {
  const code = (companyCode ?? '').trim().toLowerCase();
  if (code) {
    return registry.byCode.get(code) ?? registry.byDomain.get(hostName(host)) ?? null;
  }
  return tenantFromHost(registry, host);
}
