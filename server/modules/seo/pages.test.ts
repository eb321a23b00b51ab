import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../schemas/routes';
import { ROOT } from '../../../tests/helpers/test-app';
import { loadTenantRegistry } from '../../tenancy/registry';
import { breadcrumbLd, organizationLd } from './json-ld';
import { checkJsonLd } from './json-ld-shapes';
import { PRIVATE_ROUTES, PUBLIC_PAGES } from './pages';
import { privatePrefixes, robotsTxt } from './robots';
import { tenantRoutes } from './tenant-routes';
import { tenantWith } from './test-support';

const registry = loadTenantRegistry({
  tenantsDir: path.join(ROOT, 'tenants'),
  themesDir: path.join(ROOT, 'themes'),
  defaultCode: 'songkhoe',
});
const songhong = registry.byCode.get('songhong')!;

describe('the public pages table', () => {
  it('describes every route of the web app that is neither protected nor listed as private', () => {
    const undescribed = ROUTES.filter(
      (route) => !route.protected && !PRIVATE_ROUTES.includes(route.path) && !PUBLIC_PAGES[route.path],
    ).map((route) => route.path);
    expect(undescribed).toEqual([]);
    // And describes nothing the web app does not have (a renamed route would leave a stale entry).
    const paths = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(PUBLIC_PAGES).filter((p) => !paths.has(p))).toEqual([]);
  });
});

describe('robots.txt', () => {
  it('disallows the private pages and no public one, and names the sitemap on the host', () => {
    const text = robotsTxt(songhong, 'https://benhviensonghong.example');
    expect(text).toContain('User-agent: *\n');
    expect(text).toContain('Disallow: /me/\n');
    expect(text).toContain('Disallow: /book-appointment\n');
    expect(text).toContain('Sitemap: https://benhviensonghong.example/sitemap.xml\n');
    const prefixes = privatePrefixes(songhong);
    const publicPaths = Object.keys(PUBLIC_PAGES).map((p) => p.replace(/:.*$/, '1'));
    for (const page of publicPaths) {
      expect(
        prefixes.filter((prefix) => page.startsWith(prefix)),
        page,
      ).toEqual([]);
    }
  });

  it('leaves out the private pages of a feature that is off and of screens not built (no link to them)', () => {
    const pathsOf = (tenant: typeof songhong) => tenantRoutes(tenant).map((route) => route.path);
    expect(pathsOf(songhong)).toContain('/me/wallet-history');
    const noWallet = tenantWith(songhong, (config) => (config.features.wallet = false));
    expect(pathsOf(noWallet)).not.toContain('/me/wallet-history');
    // A private page is kept from search engines while its feature is on, and not named when off.
    expect(privatePrefixes(songhong)).toContain('/direct-call');
    const noCalls = tenantWith(songhong, (config) => (config.features.directCall = false));
    expect(privatePrefixes(noCalls)).not.toContain('/direct-call');
    // Remote-monitoring packages: a private page while feature iomt is on, not named when off.
    expect(privatePrefixes(songhong)).toContain('/service-packages');
    const noIomt = tenantWith(songhong, (config) => (config.features.iomt = false));
    expect(privatePrefixes(noIomt)).not.toContain('/service-packages');
  });

  it('a staging portal (seo.indexing false) disallows everything and names no sitemap', () => {
    const staging = tenantWith(songhong, (config) => (config.seo.indexing = false));
    expect(robotsTxt(staging, 'http://x')).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('the JSON-LD shape check', () => {
  it('accepts our objects and refuses wrong ones (relative URLs, missing or unknown properties)', () => {
    const good = breadcrumbLd([
      { name: 'Trang chủ', url: 'https://a.example/' },
      { name: 'Bác sĩ', url: 'https://a.example/doctor-list' },
    ]);
    expect(checkJsonLd(good)).toBe('BreadcrumbList');
    expect(checkJsonLd(organizationLd(songhong, 'vi', 'https://a.example'))).toBe('MedicalOrganization');
    expect(() => checkJsonLd(breadcrumbLd([{ name: 'x', url: '/relative' }]))).toThrow(/must match/);
    expect(() => checkJsonLd(breadcrumbLd([]))).toThrow(/must NOT have fewer than 1 items/);
    expect(() => checkJsonLd({ ...good, extra: 1 })).toThrow(/additional properties/);
    const { name: _name, ...nameless } = organizationLd(songhong, 'vi', 'https://a.example');
    expect(() => checkJsonLd(nameless)).toThrow(/name/);
    expect(() => checkJsonLd({ '@type': 'Thing' })).toThrow(/unknown @type/);
  });
});
