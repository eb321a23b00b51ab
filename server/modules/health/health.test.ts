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

describe('/readyz answering 503', () => {
  it('logs why, once per change of state (not once per probe), and logs when it is ready again', async () => {
    const lines: { level: number; msg: string; reason?: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
    const counters = createSharedCounters('', quiet);
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(healthRoutes, { db: t.db, counters });
    // A real fault: the last migration's record is taken away (this test's own database).
    const { rows } = await t.db.owner((sql) =>
      sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1'),
    );
    const last = rows[0]!.name;
    const own = lines.length;
    const ownLines = () => lines.slice(own).filter((l) => l.msg.startsWith('readyz'));
    try {
      await t.db.owner((sql) => sql.query('DELETE FROM schema_migrations WHERE name = $1', [last]));
      for (let probe = 0; probe < 3; probe++) {
        const reply = await readyz(app);
        expect(reply.status).toBe(503);
        expect(reply.body.reason).toBe(`pending migrations: ${last}`);
      }
      expect(ownLines()).toEqual([
        expect.objectContaining({ level: 40, reason: `pending migrations: ${last}` }),
      ]);
      expect(ownLines()[0]!.msg).toContain(last);
    } finally {
      await t.db.owner((sql) => sql.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]));
    }
    expect((await readyz(app)).status).toBe(200);
    expect((await readyz(app)).status).toBe(200);
    expect(ownLines()).toHaveLength(2);
    expect(ownLines()[1]).toMatchObject({ level: 30, msg: 'readyz: ready again' });
    await app.close();
    await counters.close();
  });
});
