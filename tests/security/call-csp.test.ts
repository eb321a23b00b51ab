import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROOT, type TestApp } from '../helpers/test-app';

/**
 * The Zoom call screen's Content-Security-Policy: only the call screen of a tenant whose video
 * provider is zoom allows what the Video SDK needs; every other page keeps the strict policy.
 */
let t: TestApp;
let tenantsDir: string;

beforeAll(async () => {
  tenantsDir = mkdtempSync(path.join(tmpdir(), 'sk-tenants-'));
  cpSync(path.join(ROOT, 'tenants'), tenantsDir, { recursive: true });
  const file = path.join(tenantsDir, 'songhong', 'tenant.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.video = { provider: 'zoom', zoom: { sdkKeyEnv: 'ZOOM_KEY', sdkSecretEnv: 'ZOOM_SECRET' } };
  writeFileSync(file, JSON.stringify(config));
  t = await createTestApp({ env: { TENANTS_DIR: tenantsDir } });
});

afterAll(async () => {
  await t?.close();
  rmSync(tenantsDir, { recursive: true, force: true });
});

const csp = async (host: string, url: string) =>
  String((await t.app.inject({ method: 'GET', url, headers: { host } })).headers['content-security-policy']);

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('call screen CSP', () => {
  it("widens the zoom tenant's call screen for the Video SDK: WebAssembly, blob: workers, Zoom's hosts", async () => {
    const policy = await csp('songhong.localhost:8080', '/video-call/12');
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' 'wasm-unsafe-eval' https://source.zoom.us https://dmogdx0jrul3u.cloudfront.net",
    );
    expect(directive(policy, 'worker-src')).toContain('blob:');
    expect(directive(policy, 'connect-src')).toContain('wss://*.zoom.us');
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('leaves every other page, and the call screen of a WebRTC tenant, with the strict policy', async () => {
    const strict = await csp('songhong.localhost:8080', '/');
    for (const [host, url] of [
      ['songhong.localhost:8080', '/doctor-list'],
      ['songhong.localhost:8080', '/me/appointments-list/12'],
      ['songhong.localhost:8080', '/api/v1/Tenants/Boot'],
      ['localhost:8080', '/video-call/12'],
      ['saomai.localhost:8080', '/video-call/12'],
    ] as const) {
      const policy = await csp(host, url);
      expect(directive(policy, 'script-src'), `${host}${url}`).toBe("script-src 'self'");
      expect(directive(policy, 'worker-src'), `${host}${url}`).toBe("worker-src 'self'");
      expect(directive(policy, 'connect-src'), `${host}${url}`).toBe("connect-src 'self'");
    }
    expect(directive(strict, 'script-src')).toBe("script-src 'self'");
  });
});
