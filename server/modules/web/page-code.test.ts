import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../tests/helpers/test-app';
import { loadTenantRegistry } from '../../tenancy/registry';
import { pageCode, type Manifest } from './page-code';

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

describe('page code', () => {
  it('names the opened page’s chunk, what it imports beyond the entry, its CSS and the messages', () => {
    expect(pageCode(manifest, '/doctor-list', songkhoe, 'production')).toEqual({
      scripts: [
        '/assets/doctor-list-page.js',
        '/assets/codes.js',
        `/assets/${songkhoe.config.languages.default}.js`,
      ],
      styles: ['/assets/doctor-list-page.css'],
    });
  });

  it('matches routes with parameters as the web app does', () => {
    expect(pageCode(manifest, '/doctor-details/42', songkhoe, 'production').scripts[0]).toBe(
      '/assets/doctor-detail-page.js',
    );
  });

  it('names the 404 page for unknown paths and for pages of features the tenant has off', () => {
    expect(pageCode(manifest, '/no/such/page', songkhoe, 'production').scripts[0]).toBe(
      '/assets/not-found-page.js',
    );
    const off = {
      ...songkhoe,
      config: { ...songkhoe.config, features: { ...songkhoe.config.features, membership: false } },
    };
    expect(pageCode(manifest, '/membership', off, 'production').scripts[0]).toBe('/assets/not-found-page.js');
  });

  it('names nothing without a manifest (the Vite dev server)', () => {
    expect(pageCode({}, '/doctor-list', songkhoe, 'production')).toEqual({ scripts: [], styles: [] });
  });
});
