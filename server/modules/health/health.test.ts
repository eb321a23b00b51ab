import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { createSharedCounters, type SharedCounters } from '../../services/shared-counters/index';
import { healthRoutes } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const quiet = { warn: () => undefined, info: () => undefined };
const readyz = async (app: FastifyInstance) => {
  const reply = await app.inject({ method: 'GET', url: '/readyz', headers: { host: 'localhost' } });
  return { status: reply.statusCode, body: reply.json() };
};

/** The health routes over the test database with the counters of `redisUrl`. */
async function probes(redisUrl: string): Promise<{ app: FastifyInstance; counters: SharedCounters }> {
  const counters = createSharedCounters(redisUrl, quiet);
  const app = Fastify();
  await app.register(healthRoutes, { db: t.db, counters });
  app.addHook('onClose', () => counters.close());
  return { app, counters };
}

describe('/readyz', () => {
  it('ready without Redis configured (the whole app)', async () => {
    expect(await readyz(t.app)).toMatchObject({ status: 200, body: { status: 'ready', redis: 'off' } });
  });

  it('ready with Redis answering', async () => {
    const { app, counters } = await probes('redis://127.0.0.1:6379');
    try {
      const deadline = Date.now() + 10_000;
      while (counters.state !== 'ok' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await readyz(app)).toMatchObject({ status: 200, body: { status: 'ready', redis: 'ok' } });
    } finally {
      await app.close();
    }
  });

  it('degraded, still serving (200) and saying why, while the configured Redis is unreachable', async () => {
    const { app } = await probes('redis://127.0.0.1:1');
    try {
      const reply = await readyz(app);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: 'degraded', redis: 'down' });
      expect(reply.body.reason).toMatch(/Redis/);
    } finally {
      await app.close();
    }
  });
});
