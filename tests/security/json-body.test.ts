import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.register(
        async (api) => {
          api.delete('/Probe/item', async (request) => ({
            isSuccess: true,
            data: { query: request.query, body: request.body ?? null },
          }));
          api.post('/Probe/item', async (request) => ({ isSuccess: true, data: request.body ?? null }));
        },
        { prefix: '/api/v1' },
      );
    },
  });
});
afterAll(async () => t.close());

const json = { ...tenantHeaders('songkhoe'), 'content-type': 'application/json' };

describe('JSON bodies (spec section 7: Content-Type JSON on every request)', () => {
  it('takes a DELETE with Content-Type JSON and no body (the web app deleting a family member)', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/Probe/item?id=7', headers: json });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ query: { id: '7' }, body: null });
  });

  it('still parses a DELETE body that is there, and refuses a malformed one', async () => {
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/Probe/item',
      headers: json,
      payload: '{"id":7}',
    });
    expect(ok.json().data.body).toEqual({ id: 7 });
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/Probe/item',
      headers: json,
      payload: '{"id":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codeMessageRespond).toBe('invalid_json');
  });

  it('keeps refusing an empty POST body sent as JSON, and prototype poisoning', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Probe/item',
      headers: json,
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().codeMessageRespond).toBe('invalid_json');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Probe/item',
      headers: json,
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
