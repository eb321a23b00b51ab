import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const readyz = async (app: TestApp) => {
  const reply = await app.app.inject({ method: 'GET', url: '/readyz', headers: { host: 'localhost' } });
  return { status: reply.statusCode, body: reply.json() };
};

/** Polls /readyz until `check` holds (Redis connects in the background), or 10 s. */
async function readyzUntil(app: TestApp, check: (body: { redis?: string }) => boolean) {
  const deadline = Date.now() + 10_000;
  let last = await readyz(app);
  while (!check(last.body) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    last = await readyz(app);
  }
  return last;
}

describe('/readyz', () => {
  it('ready without Redis configured', async () => {
    t = await createTestApp();
    expect(await readyz(t)).toMatchObject({ status: 200, body: { status: 'ready', redis: 'off' } });
  });

  it('ready with Redis answering', async () => {
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
    const reply = await readyzUntil(t, (b) => b.redis === 'ok');
    expect(reply).toMatchObject({ status: 200, body: { status: 'ready', redis: 'ok' } });
  });

  it('degraded, still serving (200) and saying why, while the configured Redis is unreachable', async () => {
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const reply = await readyz(t);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'degraded', redis: 'down' });
    expect(reply.body.reason).toMatch(/Redis/);
  });
});
