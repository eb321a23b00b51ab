import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tests/helpers/test-app';
import { loadTenantRegistry } from './registry';
import { hostName, resolveTenant, tenantFromHost } from './resolve';

const registry = loadTenantRegistry({
  tenantsDir: path.join(ROOT, 'tenants'),
  themesDir: path.join(ROOT, 'themes'),
  defaultCode: 'songkhoe',
});
const code = (t: ReturnType<typeof resolveTenant>) => t?.config.code ?? null;

describe('tenant resolution', () => {
  it('strips ports and lower-cases host names', () => {
    expect(hostName('SongHong.LocalHost:8080')).toBe('songhong.localhost');
    expect(hostName('[::1]:8080')).toBe('::1');
  });

  it('maps hosts: localhost and IPs to the default, subdomains and custom domains to their tenant', () => {
    expect(code(tenantFromHost(registry, 'localhost:8080'))).toBe('songkhoe');
    expect(code(tenantFromHost(registry, '127.0.0.1:8080'))).toBe('songkhoe');
    expect(code(tenantFromHost(registry, '[::1]:8080'))).toBe('songkhoe');
    expect(code(tenantFromHost(registry, 'songhong.localhost:8080'))).toBe('songhong');
    expect(code(tenantFromHost(registry, 'saomai.example.vn'))).toBe('saomai');
    expect(code(tenantFromHost(registry, 'benhviensonghong.example'))).toBe('songhong');
    expect(code(tenantFromHost(registry, 'nobody.localhost:8080'))).toBeNull();
  });

  it('prefers the CompanyCode header, falls back to the host when it is empty', () => {
    expect(code(resolveTenant(registry, 'saomai', 'localhost'))).toBe('saomai');
    expect(code(resolveTenant(registry, 'SAOMAI', 'songhong.localhost'))).toBe('saomai');
    expect(code(resolveTenant(registry, '', 'songhong.localhost'))).toBe('songhong');
    expect(code(resolveTenant(registry, undefined, 'localhost'))).toBe('songkhoe');
  });

  it('refuses an unknown code, except the first label of a configured custom domain', () => {
    expect(resolveTenant(registry, 'nobody', 'localhost')).toBeNull();
    expect(code(resolveTenant(registry, 'benhviensonghong', 'benhviensonghong.example'))).toBe('songhong');
  });
});
