import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../tests/helpers/test-app';
import { loadTenantRegistry } from './registry';
import { ConfigError } from './validate';

const themesDir = path.join(ROOT, 'themes');
let workDir = '';

/** A copy of tenants/ in a temp folder, with `edit` applied to one tenant file. */
function tenantsWith(code: string, edit: (config: Record<string, any>) => void): string {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = mkdtempSync(path.join(tmpdir(), 'tenants-'));
  cpSync(path.join(ROOT, 'tenants'), workDir, { recursive: true });
  const file = path.join(workDir, code, 'tenant.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  edit(config);
  writeFileSync(file, JSON.stringify(config));
  return workDir;
}

const load = (tenantsDir: string) => loadTenantRegistry({ tenantsDir, themesDir, defaultCode: 'songkhoe' });

afterEach(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = '';
});

describe('tenant registry', () => {
  it('loads the three demo tenants with defaults filled in', () => {
    const registry = load(path.join(ROOT, 'tenants'));
    expect([...registry.byCode.keys()].sort()).toEqual(['saomai', 'songhong', 'songkhoe']);
    expect(registry.defaultTenant.config.code).toBe('songkhoe');
    const saomai = registry.byCode.get('saomai')!.config;
    expect(saomai.languages.default).toBe('en');
    expect(saomai.features).toMatchObject({
      video: false,
      homeVisit: false,
      wallet: false,
      membership: false,
      blog: true,
    });
    expect(registry.byDomain.get('benhviensonghong.example')?.config.code).toBe('songhong');
  });

  it('gives each demo tenant a visibly different theme', () => {
    const registry = load(path.join(ROOT, 'tenants'));
    const primaries = new Set([...registry.byCode.values()].map((t) => t.theme.color.primary));
    expect(primaries.size).toBe(3);
  });

  it('refuses a footer link to a page the app does not have, naming file and field', () => {
    const link = tenantsWith('songhong', (config) => {
      config.navigation.quickLinks.push({ labelKey: 'account.servicePackages', href: '/lab-tests' });
    });
    expect(() => load(link)).toThrow(ConfigError);
    expect(() => load(link)).toThrow(
      /songhong.tenant\.json: field \/navigation\/quickLinks\/\d+ "\/lab-tests"/,
    );
  });

  it('accepts a minimal tenant file and fills every default', () => {
    const dir = tenantsWith('saomai', (config) => {
      for (const key of Object.keys(config)) if (key !== 'code') delete config[key];
    });
    const tenant = load(dir).byCode.get('saomai')!;
    expect(tenant.config.features.video).toBe(true);
    expect(tenant.config.languages).toEqual({ offered: ['vi', 'en'], default: 'vi' });
    expect(tenant.config.theme.base).toBe('classic');
    expect(tenant.config.navigation.header).toEqual([
      'scheduleConsultation',
      'healthPrograms',
      'directCall',
      'memberPackage',
    ]);
  });

  it('defaults push to Web Push with keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, and refuses an unknown provider or a bad FCM project id', () => {
    const push = load(path.join(ROOT, 'tenants')).byCode.get('songhong')!.config.push;
    expect(push.provider).toBe('webpush');
    expect(push.webpush).toEqual({
      subject: '',
      publicKeyEnv: 'VAPID_PUBLIC_KEY',
      privateKeyEnv: 'VAPID_PRIVATE_KEY',
    });
    expect(push.fcm.serviceAccountEnv).toBe('FCM_SERVICE_ACCOUNT');
    const fcm = tenantsWith('songhong', (config) => {
      config.push = { provider: 'fcm', fcm: { web: { projectId: 'songhong-push', vapidKey: 'BAbc_-1' } } };
    });
    expect(load(fcm).byCode.get('songhong')!.config.push.fcm.web).toMatchObject({
      projectId: 'songhong-push',
      vapidKey: 'BAbc_-1',
      apiKey: '',
    });
    const unknown = tenantsWith('songhong', (config) => (config.push = { provider: 'apns' }));
    expect(() => load(unknown)).toThrowError(/songhong[/\\]tenant\.json: .*\/push\/provider/);
    const project = tenantsWith(
      'songhong',
      (config) => (config.push = { fcm: { web: { projectId: 'Bad Project' } } }),
    );
    expect(() => load(project)).toThrowError(/\/push\/fcm\/web\/projectId/);
    // A secret in tenant.json is not a field: only the NAME of its variable is.
    const secret = tenantsWith('songhong', (config) => (config.push = { webpush: { privateKey: 'x' } }));
    expect(() => load(secret)).toThrowError(/unknown field "privateKey"/);
  });

  it('refuses a wrongly typed field, naming the file and the field', () => {
    const dir = tenantsWith('songhong', (config) => (config.features = { video: 'yes' }));
    expect(() => load(dir)).toThrowError(ConfigError);
    expect(() => load(dir)).toThrowError(/songhong[/\\]tenant\.json: .*\/features\/video must be boolean/);
  });

  it('refuses an unknown field', () => {
    const dir = tenantsWith('songhong', (config) => (config.featurez = {}));
    expect(() => load(dir)).toThrowError(/unknown field "featurez"/);
  });

  it('refuses invalid JSON', () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'tenants-'));
    cpSync(path.join(ROOT, 'tenants'), workDir, { recursive: true });
    writeFileSync(path.join(workDir, 'saomai', 'tenant.json'), '{ "code": "saomai", ');
    expect(() => load(workDir)).toThrowError(/saomai[/\\]tenant\.json: is not valid JSON/);
  });

  it('refuses a theme whose colours fail WCAG AA contrast', () => {
    const dir = tenantsWith('saomai', (config) => (config.theme.overrides = { color: { text: '#9e9e9e' } }));
    expect(() => load(dir)).toThrowError(
      /\/theme color\.text on color\.background has contrast .* below WCAG AA/,
    );
  });

  it('refuses an unknown base theme', () => {
    const dir = tenantsWith('saomai', (config) => (config.theme.base = 'neon'));
    expect(() => load(dir)).toThrowError(/\/theme\/base "neon" is not a theme/);
  });

  it('refuses a code that differs from its folder and a domain used twice', () => {
    expect(() => load(tenantsWith('saomai', (config) => (config.code = 'other')))).toThrowError(
      /must equal the folder name/,
    );
    expect(() =>
      load(tenantsWith('saomai', (config) => (config.domains = ['benhviensonghong.example']))),
    ).toThrowError(/is already used by (songhong|saomai)/);
  });

  it('refuses a default language the tenant does not offer', () => {
    const dir = tenantsWith('saomai', (config) => (config.languages = { offered: ['vi'], default: 'en' }));
    expect(() => load(dir)).toThrowError(/\/languages\/default must be one of/);
  });

  it('refuses a feature on without the one it needs, naming the tenant and the field', () => {
    const dir = tenantsWith(
      'saomai',
      (config) => (config.features = { ...config.features, directCall: true }),
    );
    expect(() => load(dir)).toThrowError(
      /saomai[/\\]tenant\.json: tenant saomai: field \/features\/directCall is on but needs membership, which is off/,
    );
    // Referral without the wallet is allowed: invitations only, no wallet reward.
    const referral = tenantsWith(
      'saomai',
      (config) => (config.features = { ...config.features, referral: true }),
    );
    expect(() => load(referral)).not.toThrow();
  });

  it('refuses a footer link to a page whose feature is off or to no page at all', () => {
    const dir = tenantsWith('saomai', (config) =>
      config.navigation.quickLinks.push({ labelKey: 'nav.membership', href: '/membership' }),
    );
    expect(() => load(dir)).toThrowError(
      /tenant saomai: field \/navigation\/quickLinks\/\d+ leads to "\/membership", a page of feature membership, which is off/,
    );
    const dead = tenantsWith('songhong', (config) =>
      config.navigation.privacyLinks.push({ label: { vi: 'Giá', en: 'Prices' }, href: '/bang-gia?x=1' }),
    );
    expect(() => load(dead)).toThrowError(/privacyLinks\/\d+ .*"\/bang-gia\?x=1".* no page of the app/);
    // A link marked with its own feature is left out of the footer when that feature is off.
    const hidden = tenantsWith('saomai', (config) =>
      config.navigation.quickLinks.push({
        labelKey: 'nav.membership',
        href: '/membership',
        feature: 'membership',
      }),
    );
    expect(() => load(hidden)).not.toThrow();
  });
});
