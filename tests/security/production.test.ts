import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://configured-but-unused/db',
      // Production refuses the embedded storage default unless told (createStorage).
      STORAGE_DRIVER: 'disk',
    },
  });
});
afterAll(() => t?.close());

describe('production mode', () => {
  it('sends HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('has no dev outbox', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox?to=a@b.vn',
      headers: tenantHeaders('songkhoe'),
    });
    expect(res.statusCode).toBe(404);
  });

  it('tells the web app it runs in production', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: tenantHeaders('songkhoe'),
    });
    expect(res.json().data.environment).toBe('production');
  });
});
