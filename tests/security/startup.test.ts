import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/test-app';

const dir = mkdtempSync(path.join(tmpdir(), 'broken-tenants-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}-data`, { recursive: true, force: true });
});

describe('start-up with a broken tenant file', () => {
  it('stops before listening, naming the file and the field', () => {
    cpSync(path.join(ROOT, 'tenants'), dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'saomai', 'tenant.json'),
      JSON.stringify({ code: 'saomai', languages: { default: 'fr' } }),
    );
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, TENANTS_DIR: dir, PORT: '0', DATABASE_URL: '', DATA_DIR: `${dir}-data` },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /Configuration error: .*saomai[/\\]tenant\.json: field \/languages\/default/,
    );
  });
});
