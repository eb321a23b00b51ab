import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../server/tenancy/registry';
import { ROOT } from '../tests/helpers/test-app';

const work = mkdtempSync(path.join(tmpdir(), 'tenant-new-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const scaffold = (...args: string[]) =>
  spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/tenant-new.ts'), ...args], {
    cwd: work,
    encoding: 'utf8',
  });

describe('npm run tenant:new', () => {
  it('scaffolds a tenant folder that loads as is', () => {
    cpSync(path.join(ROOT, 'tenants'), path.join(work, 'tenants'), { recursive: true });
    const result = scaffold('anbinh', 'Bệnh viện An Bình', 'An Binh Hospital');
    expect(result.status).toBe(0);
    const registry = loadTenantRegistry({
      tenantsDir: path.join(work, 'tenants'),
      themesDir: path.join(ROOT, 'themes'),
      defaultCode: 'songkhoe',
    });
    const tenant = registry.byCode.get('anbinh')!;
    expect(tenant.config.name).toEqual({ vi: 'Bệnh viện An Bình', en: 'An Binh Hospital' });
    expect(tenant.config.features.video).toBe(true);
  });

  it('refuses a bad code and an existing folder', () => {
    expect(scaffold('Bad Code').status).toBe(2);
    expect(scaffold('anbinh').status).toBe(1);
  });
});
