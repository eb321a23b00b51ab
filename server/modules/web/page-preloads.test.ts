import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../tests/helpers/test-app';
import { loadTenantRegistry } from '../../tenancy/registry';
import { pageLinks, type Manifest } from './page-preloads';

const registry = loadTenantRegistry({
  tenantsDir: path.join(ROOT, 'tenants'),
  themesDir: path.join(ROOT, 'themes'),
  defaultCode: 'songkhoe',
});
const songkhoe = registry.byCode.get('songkhoe')!;

// The shape Vite writes to dist/.vite/manifest.json.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js', '_shared.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  '_codes.js': { file: 'assets/codes.js' },
  'src/features/doctors/routes/doctor-list-page.tsx': {
    file: 'assets/doctor-list-page.js',
    imports: ['_vendor.js', '_shared.js', '_codes.js'],
    css: ['assets/doctor-list-page.css'],
  },
  'src/features/doctors/routes/doctor-detail-page.tsx': { file: 'assets/doctor-detail-page.js' },
  'src/features/membership/routes/membership-page.tsx': { file: 'assets/membership-page.js' },
  'src/app/routes/not-found-page.tsx': { file: 'assets/not-found-page.js' },
  'src/lib/i18n/vi.json': { file: 'assets/vi.js' },
  'src/lib/i18n/en.json': { file: 'assets/en.js' },
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('page preloads', () => {
  it('names the opened page’s chunk, what it imports beyond the entry, its CSS and the messages', () => {
    const html = pageLinks(manifest, '/doctor-list', songkhoe, 'production').preloads;
    expect(hrefs(html)).toEqual([
      '/assets/doctor-list-page.js',
      '/assets/doctor-list-page.css',
      '/assets/codes.js',
      `/assets/${songkhoe.config.languages.default}.js`,
    ]);
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/doctor-list-page.js">',
    );
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/doctor-list-page.css">',
    );
  });

  it('matches routes with parameters as the web app does', () => {
    expect(hrefs(pageLinks(manifest, '/doctor-details/42', songkhoe, 'production').preloads)[0]).toBe(
      '/assets/doctor-detail-page.js',
    );
  });

  it('preloads the 404 page for unknown paths and for pages of features the tenant has off', () => {
    expect(hrefs(pageLinks(manifest, '/no/such/page', songkhoe, 'production').preloads)[0]).toBe(
      '/assets/not-found-page.js',
    );
    const off = {
      ...songkhoe,
      config: { ...songkhoe.config, features: { ...songkhoe.config.features, membership: false } },
    };
    expect(hrefs(pageLinks(manifest, '/membership', off, 'production').preloads)[0]).toBe(
      '/assets/not-found-page.js',
    );
  });

  it('preloads nothing without a manifest (the Vite dev server)', () => {
    expect(pageLinks({}, '/doctor-list', songkhoe, 'production').preloads).toBe('');
  });

  it('links the CSS of a server-rendered page as stylesheets for the end of the head, not as preloads', () => {
    const links = pageLinks(manifest, '/doctor-list', songkhoe, 'production', true);
    expect(links.stylesheets).toBe('<link rel="stylesheet" href="/assets/doctor-list-page.css">');
    expect(links.preloads).not.toContain('.css');
    expect(hrefs(links.preloads)).toContain('/assets/doctor-list-page.js');
    expect(pageLinks(manifest, '/doctor-list', songkhoe, 'production').stylesheets).toBe('');
  });
});
