import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayRedis, type ThrowawayRedis } from '../../../tests/helpers/redis-server';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import {
  createSharedCounters,
  noSharedCounters,
  type SharedCounters,
} from '../../services/shared-counters/index';
import { hit, isOverLimit } from './rate-limit';

const quiet = { warn: () => undefined, info: () => undefined };
const LIMIT = { max: 3, windowSeconds: 60 };
let t: TestApp;
let redis: SharedCounters;
beforeAll(async () => {
  t = await createTestApp();
  redis = createSharedCounters('redis://127.0.0.1:6379', quiet);
  const deadline = Date.now() + 10_000;
  while (redis.state !== 'ok' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
});
afterAll(async () => {
  await redis.close();
  await t.close();
});

/** Hits `bucket` once in songkhoe with `counters`; the error code if refused. */
const hitOnce = (counters: SharedCounters, bucket: string, now = new Date()) =>
  t.db
    .tenant('songkhoe', (sql) =>
      hit({ sql, tenant: 'songkhoe', deps: { counters, db: t.db } }, bucket, LIMIT, now),
    )
    .then(
      () => 'ok',
      (error: { code?: string }) => error.code,
    );
const overLimit = (counters: SharedCounters, bucket: string) =>
  t.db.tenant('songkhoe', (sql) =>
    isOverLimit({ sql, tenant: 'songkhoe', deps: { counters, db: t.db } }, bucket, LIMIT, new Date()),
  );
const dbHits = (bucket: string) =>
  t.db.tenant('songkhoe', async (sql) => {
    const { rows } = await sql.query<{ hits: number }>(
      'SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_counters WHERE bucket = $1',
      [bucket],
    );
    return rows[0]!.hits;
  });

describe('rate limits', () => {
  it('count in Redis when it answers: the database learns a count only when it reaches the limit', async () => {
    expect(redis.state).toBe('ok');
    const bucket = `test:${randomUUID()}`;
    const outcomes = [];
    for (let i = 0; i < 2; i++) outcomes.push(await hitOnce(redis, bucket));
    expect(await dbHits(bucket)).toBe(0);
    for (let i = 0; i < 4; i++) outcomes.push(await hitOnce(redis, bucket));
    expect(outcomes).toEqual([
      'ok',
      'ok',
      'ok',
      'too_many_requests',
      'too_many_requests',
      'too_many_requests',
    ]);
    // One write, at the third hit (written beside the request, so it may land a moment later);
    // the refused hits past it write nothing.
    await expect.poll(() => dbHits(bucket)).toBe(3);
    expect(await overLimit(redis, bucket)).toBe(true);
  });

  it('count in the database without Redis, or while it is down', async () => {
    const down = createSharedCounters('redis://127.0.0.1:1', quiet);
    try {
      for (const counters of [noSharedCounters, down]) {
        const bucket = `test:${randomUUID()}`;
        const outcomes = [];
        for (let i = 0; i < 4; i++) outcomes.push(await hitOnce(counters, bucket));
        expect(outcomes).toEqual(['ok', 'ok', 'ok', 'too_many_requests']);
        // The refused fourth hit rolled back with its transaction.
        expect(await dbHits(bucket)).toBe(3);
      }
    } finally {
      await down.close();
    }
  });

  it('keep tenants apart in Redis', async () => {
    const bucket = `test:${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect(await hitOnce(redis, bucket)).toBe('ok');
    const other = await t.db
      .tenant('songhong', (sql) =>
        hit({ sql, tenant: 'songhong', deps: { counters: redis, db: t.db } }, bucket, LIMIT, new Date()),
      )
      .then(() => 'ok');
    expect(other).toBe('ok');
  });

  describe('through a Redis outage', () => {
    let own: ThrowawayRedis;
    let counters: SharedCounters;
    beforeAll(async () => {
      own = await throwawayRedis();
      await own.start();
      counters = createSharedCounters(own.url, quiet);
      const deadline = Date.now() + 10_000;
      while (counters.state !== 'ok' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    });
    afterAll(async () => {
      await counters.close();
      await own.close();
    });

    it('a limit reached before holds during it and after, and hits counted during it count after it', async () => {
      const reached = `test:${randomUUID()}`;
      const started = `test:${randomUUID()}`;
      for (let i = 0; i < 3; i++) expect(await hitOnce(counters, reached)).toBe('ok');
      await expect.poll(() => dbHits(reached)).toBe(3);
      expect(await hitOnce(counters, started)).toBe('ok');

      // Redis dies: the limit reached holds (the database knew it) and counting goes on there.
      await own.kill();
      await expect.poll(() => counters.state).toBe('down');
      expect(await hitOnce(counters, reached)).toBe('too_many_requests');
      expect(await overLimit(counters, reached)).toBe(true);
      expect(await hitOnce(counters, started)).toBe('ok');
      expect(await hitOnce(counters, started)).toBe('ok');
      expect(await dbHits(started)).toBe(2);

      // Redis comes back empty: Redis counts again, plus what the database counted meanwhile.
      await own.start();
      await expect.poll(() => counters.state, { timeout: 10_000 }).toBe('ok');
      expect(await hitOnce(counters, reached)).toBe('too_many_requests');
      expect(await overLimit(counters, reached)).toBe(true);
      expect(await hitOnce(counters, started)).toBe('ok'); // 1 in Redis + 2 in the database
      expect(await hitOnce(counters, started)).toBe('too_many_requests');
      // The limit, reached again, is kept in the database for a next outage.
      await expect.poll(() => dbHits(started)).toBe(3);
      // A window opened after the outage is Redis's alone again: the database is not read (a
      // count it holds for that window changes nothing).
      const fresh = `test:${randomUUID()}`;
      const later = new Date(Date.now() + 2 * LIMIT.windowSeconds * 1000);
      const windowStart = new Date(Math.floor(later.getTime() / 60_000) * 60_000);
      await t.db.tenant('songkhoe', (sql) =>
        sql.query('INSERT INTO rate_counters (bucket, window_start, hits) VALUES ($1, $2, 2)', [
          fresh,
          windowStart,
        ]),
      );
      const outcomes = [];
      for (let i = 0; i < 4; i++) outcomes.push(await hitOnce(counters, fresh, later));
      expect(outcomes).toEqual(['ok', 'ok', 'ok', 'too_many_requests']);
    });
  });
});
