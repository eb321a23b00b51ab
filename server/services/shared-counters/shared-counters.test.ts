import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { throwawayRedis, type ThrowawayRedis } from '../../../tests/helpers/redis-server';
import { createSharedCounters, type SharedCounters } from './index';

/** The machine's Redis (CI's too); the outage tests run a Redis of their own. */
const MACHINE_REDIS = 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined, info: () => undefined };
const open: SharedCounters[] = [];
const counters = (url: string) => {
  const made = createSharedCounters(url, quiet);
  open.push(made);
  return made;
};
let redis: ThrowawayRedis | undefined;
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  await redis?.close();
});

async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

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
    it('answers null at once while Redis is down, and counts again by itself when it is back', async () => {
      redis = await throwawayRedis();
      await redis.start();
      const shared = counters(redis.url);
      await eventually(() => shared.state === 'ok');
      expect(await shared.hit('outage', 60)).toBe(1);
      expect(shared.recoveredAt).toBeNull();

      await redis.kill();
      await eventually(() => shared.state === 'down');
      const started = performance.now();
      expect(await shared.hit('outage', 60)).toBeNull();
      expect(await shared.peek('outage')).toBeNull();
      // No waiting on a dead server: the caller counts in the database straight away.
      expect(performance.now() - started).toBeLessThan(1_000);

      const restarted = Date.now();
      await redis.start();
      await eventually(() => shared.state === 'ok');
      // When it came back, for the windows whose hits the database counted meanwhile.
      expect(shared.recoveredAt).toBeGreaterThanOrEqual(restarted);
      // A new, empty Redis: the window starts over there.
      expect(await shared.hit('outage', 60)).toBe(1);
    });

    it('answers null within the command timeout when Redis stops answering (frozen, cut off)', async () => {
      redis = await throwawayRedis();
      await redis.start();
      const shared = counters(redis.url);
      await eventually(() => shared.state === 'ok');
      expect(await shared.hit('frozen', 60)).toBe(1);

      redis.pause();
      // The connection still looks open: the first command waits for its timeout (250 ms)...
      let started = performance.now();
      expect(await shared.hit('frozen', 60)).toBeNull();
      expect(performance.now() - started).toBeLessThan(1_000);
      // ...and then Redis is left alone until it answers again: no request waits meanwhile.
      expect(shared.state).toBe('down');
      started = performance.now();
      expect(await shared.peek('frozen')).toBeNull();
      expect(await shared.hit('frozen', 60)).toBeNull();
      expect(performance.now() - started).toBeLessThan(50);

      // A PING now and then finds it answering again.
      const thawed = Date.now();
      redis.resume();
      await eventually(() => shared.state === 'ok');
      expect(shared.recoveredAt).toBeGreaterThanOrEqual(thawed);
      // The frozen server kept its count (the timed-out INCR ran once it thawed).
      expect(await shared.hit('frozen', 60)).toBe(3);
    });
  });
});
