import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSharedCounters, type SharedCounters } from './index';

/** The machine's Redis (CI's too); the outage test runs a Redis of its own. */
const MACHINE_REDIS = 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined, info: () => undefined };
const open: SharedCounters[] = [];
const counters = (url: string) => {
  const made = createSharedCounters(url, quiet);
  open.push(made);
  return made;
};
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throw-away Redis on `port` that keeps nothing on disk. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = createSharedCounters(`redis://127.0.0.1:${port}`, quiet);
  try {
    await eventually(() => probe.state === 'ok');
  } finally {
    await probe.close();
  }
  return child;
}
const stopRedis = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('shared counters', () => {
  it('without REDIS_URL count nothing (the database counts)', async () => {
    const off = counters('');
    expect(off.state).toBe('off');
    expect(await off.hit('k', 60)).toBeNull();
    expect(await off.peek('k')).toBeNull();
  });

  it('two processes count one window together', async () => {
    const a = counters(MACHINE_REDIS);
    const b = counters(MACHINE_REDIS);
    await eventually(() => a.state === 'ok' && b.state === 'ok');
    const key = `test:${randomUUID()}`;
    expect(await a.hit(key, 60)).toBe(1);
    expect(await b.hit(key, 60)).toBe(2);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit(key, 60)));
    expect(burst.toSorted((x, y) => x! - y!)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(await a.peek(key)).toBe(12);
  });

  describe('outage', () => {
    let redis: ChildProcess | undefined;
    afterAll(async () => {
      if (redis && redis.exitCode === null) await stopRedis(redis);
    });

    it('answers null at once while Redis is down, and counts again by itself when it is back', async () => {
      const port = await freePort();
      redis = await startRedis(port);
      const shared = counters(`redis://127.0.0.1:${port}`);
      await eventually(() => shared.state === 'ok');
      expect(await shared.hit('outage', 60)).toBe(1);

      await stopRedis(redis);
      await eventually(() => shared.state === 'down');
      const started = performance.now();
      expect(await shared.hit('outage', 60)).toBeNull();
      expect(await shared.peek('outage')).toBeNull();
      // No waiting on a dead server: the caller counts in the database straight away.
      expect(performance.now() - started).toBeLessThan(1_000);

      redis = await startRedis(port);
      await eventually(() => shared.state === 'ok');
      // A new, empty Redis: the window starts over there.
      expect(await shared.hit('outage', 60)).toBe(1);
    });
  });
});
