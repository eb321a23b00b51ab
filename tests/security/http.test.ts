import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      // Probe routes that exercise the feature gate and the auth plugin through the real stack.
      app.register(
        async (api) => {
          api.get('/Probe/video', { config: { feature: 'video' } }, async () => ({ isSuccess: true }));
          api.get('/Probe/me', { config: { auth: true } }, async (request) => ({
            isSuccess: true,
            data: request.auth,
          }));
          api.post(
            '/Probe/echo',
            {
              schema: {
                body: {
                  type: 'object',
                  required: ['count', 'email'],
                  properties: {
                    count: { type: 'integer' },
                    email: { type: 'string', pattern: '@', 'x-message': 'valid_email' },
                  },
                },
              },
            },
            async (request) => ({ isSuccess: true, data: request.body }),
          );
        },
        { prefix: '/api/v1' },
      );
    },
  });
});
afterAll(() => t?.close());

const inject = (opts: InjectOptions) => t.app.inject(opts);

describe('envelope and bad input', () => {
  it('answers malformed JSON with a 400 envelope, never a 5xx or a stack trace', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/Probe/echo',
      headers: { ...tenantHeaders('songkhoe'), 'content-type': 'application/json' },
      payload: '{"count": 1,',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: false, codeMessageRespond: 'invalid_json', data: null });
    expect(body.message).toMatch(/JSON/);
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });

  it('answers wrong types with 400 and the field message keys', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/Probe/echo',
      headers: tenantHeaders('songkhoe', { 'x-accept-language': 'en' }),
      payload: { count: 'three', email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      codeMessageRespond: 'invalid_request',
      message: 'The request is not valid.',
    });
    expect(res.json().errors).toEqual(expect.arrayContaining(['invalid_body_count', 'valid_email']));
  });

  it('answers a missing field and an empty body with 400', async () => {
    const missing = await inject({
      method: 'POST',
      url: '/api/v1/Probe/echo',
      headers: tenantHeaders('songkhoe'),
      payload: { count: 1 },
    });
    expect(missing.statusCode).toBe(400);
    // The missing field's own message key.
    expect(missing.json().errors).toEqual(['valid_email']);
    const empty = await inject({
      method: 'POST',
      url: '/api/v1/Probe/echo',
      headers: { ...tenantHeaders('songkhoe'), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers an oversize body with 413', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/Probe/echo',
      headers: { ...tenantHeaders('songkhoe'), 'content-type': 'application/json' },
      payload: JSON.stringify({ count: 1, email: 'a@b.c', pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ isSuccess: false, codeMessageRespond: 'request_too_large' });
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/Probe/echo',
      headers: { ...tenantHeaders('songkhoe'), 'content-type': 'application/x-evil' },
      payload: 'a=b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().isSuccess).toBe(false);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/v1/Nope/Nothing',
      headers: tenantHeaders('songkhoe'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, codeMessageRespond: 'not_found' });
  });
});

describe('tenant resolution over HTTP', () => {
  it('refuses an unknown company code with 404 tenant_not_found', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: tenantHeaders('nobody'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      codeMessageRespond: 'tenant_not_found',
      data: null,
    });
  });

  it('refuses an unknown host with 404 and serves each known host its own bundle', async () => {
    const unknown = await inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: { host: 'nobody.localhost:8080' },
    });
    expect(unknown.statusCode).toBe(404);
    const songhong = await inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: { host: 'songhong.localhost:8080' },
    });
    expect(songhong.json().data.companyCode).toBe('songhong');
    const custom = await inject({
      method: 'GET',
      url: '/api/v1/Tenants/Boot',
      headers: { host: 'benhviensonghong.example', companycode: 'benhviensonghong' },
    });
    expect(custom.json().data.companyCode).toBe('songhong');
  });
});

describe('feature gate', () => {
  it('answers 404 for a capability the tenant turned off, and serves it where it is on', async () => {
    const off = await inject({ method: 'GET', url: '/api/v1/Probe/video', headers: tenantHeaders('saomai') });
    expect(off.statusCode).toBe(404);
    expect(off.json().codeMessageRespond).toBe('feature_disabled');
    const on = await inject({
      method: 'GET',
      url: '/api/v1/Probe/video',
      headers: tenantHeaders('songhong'),
    });
    expect(on.statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('accepts a token on its own tenant and refuses it on another with 401', async () => {
    const token = await t.app.issueAccessToken({ userId: 7, tenant: 'songhong', deviceId: 'd-1' });
    const own = await inject({
      method: 'GET',
      url: '/api/v1/Probe/me',
      headers: tenantHeaders('songhong', { authorization: `Bearer ${token}` }),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({ userId: 7, tenant: 'songhong', deviceId: 'd-1' });
    const other = await inject({
      method: 'GET',
      url: '/api/v1/Probe/me',
      headers: tenantHeaders('saomai', { authorization: `Bearer ${token}` }),
    });
    expect(other.statusCode).toBe(401);
    expect(other.json().codeMessageRespond).toBe('token_tenant_mismatch');
  });

  it('refuses a missing, forged or garbage token with 401', async () => {
    const none = await inject({ method: 'GET', url: '/api/v1/Probe/me', headers: tenantHeaders('songhong') });
    expect(none.statusCode).toBe(401);
    const token = await t.app.issueAccessToken({ userId: 7, tenant: 'songhong', deviceId: 'd-1' });
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    for (const bad of [forged, 'garbage', `${h}.e30.`]) {
      const res = await inject({
        method: 'GET',
        url: '/api/v1/Probe/me',
        headers: tenantHeaders('songhong', { authorization: `Bearer ${bad}` }),
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the other headers on API and page responses', async () => {
    for (const url of ['/api/v1/Tenants/Boot', '/healthz', '/theme.css']) {
      const res = await inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('names the request in every error reply and keeps only a well-formed incoming id', async () => {
    const missing = await inject({
      method: 'GET',
      url: '/api/v1/NoSuchRoute',
      headers: { host: 'localhost' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
    const bad = await inject({
      method: 'POST',
      url: '/api/v1/Doctors/FilterDoctors',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-request-id': 'lb-7f3a9c2e-0001' },
      payload: '{"pageNumber": "x"}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestId).toBe('lb-7f3a9c2e-0001');
    expect(bad.headers['x-request-id']).toBe('lb-7f3a9c2e-0001');
    const forged = await inject({
      method: 'GET',
      url: '/api/v1/NoSuchRoute',
      headers: { host: 'localhost', 'x-request-id': 'evil\n{"level":60,"msg":"forged"}' },
    });
    expect(forged.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a tenant allow its own framing origins', async () => {
    const res = await inject({
      method: 'GET',
      url: '/theme.css',
      headers: { host: 'songhong.localhost:8080' },
    });
    expect(String(res.headers['content-security-policy'])).toContain(
      'frame-ancestors https://benhviensonghong.example',
    );
  });
});

describe('tenant theme and assets', () => {
  it('serves each tenant its own theme variables and icon', async () => {
    const a = await inject({ method: 'GET', url: '/theme.css', headers: { host: 'localhost:8080' } });
    const b = await inject({
      method: 'GET',
      url: '/theme.css',
      headers: { host: 'songhong.localhost:8080' },
    });
    expect(a.body).toContain('--sk-color-primary: #0b5cad;');
    expect(b.body).toContain('--sk-color-primary: #a4161a;');
    const icon = await inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { host: 'saomai.localhost:8080' },
    });
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves tenant assets and refuses path tricks', async () => {
    const logo = await inject({ method: 'GET', url: '/api/v1/Tenants/songhong/assets/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('BV Sông Hồng');
    for (const url of [
      '/api/v1/Tenants/songhong/assets/..%2Ftenant.json',
      '/api/v1/Tenants/songhong/assets/tenant.json',
      '/api/v1/Tenants/nobody/assets/logo.svg',
    ]) {
      const res = await inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
    }
  });
});

describe('operations endpoints', () => {
  it('reports liveness and readiness', async () => {
    expect((await inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('publishes an OpenAPI 3.1 document of the API', async () => {
    const res = await inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/Tenants/Boot', '/api/v1/Configs/GetConfig']),
    );
  });
});
