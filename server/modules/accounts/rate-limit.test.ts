import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    .tenant('songkhoe', (sql) => hit({ sql, tenant: 'songkhoe', deps: { counters } }, bucket, LIMIT, now))
    .then(
      () => 'ok',
      (error: { code?: string }) => error.code,
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
  it('count in Redis when it answers: the database is not written', async () => {
    expect(redis.state).toBe('ok');
    const bucket = `test:${randomUUID()}`;
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await hitOnce(redis, bucket));
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'too_many_requests']);
    expect(await dbHits(bucket)).toBe(0);
    const over = await t.db.tenant('songkhoe', (sql) =>
      isOverLimit({ sql, tenant: 'songkhoe', deps: { counters: redis } }, bucket, LIMIT, new Date()),
    );
    expect(over).toBe(true);
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
        hit({ sql, tenant: 'songhong', deps: { counters: redis } }, bucket, LIMIT, new Date()),
      )
      .then(() => 'ok');
    expect(other).toBe('ok');
  });
});
