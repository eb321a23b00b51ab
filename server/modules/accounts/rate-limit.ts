import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { SharedCounters } from '../../services/shared-counters/index';

/** Limits: codes sent per address, codes sent per IP, failed sign-ins per IP. */
export const LIMITS = {
  codesPerAddress: { max: 10, windowSeconds: 3600 },
  // OTP_CODES_PER_IP_PER_HOUR: a deployment behind one egress address (a hospital's NAT), or the
  // end-to-end suite whose every browser is 127.0.0.1, may need more than 30.
  codesPerIp: { max: Number(process.env.OTP_CODES_PER_IP_PER_HOUR) || 30, windowSeconds: 3600 },
  failedLoginsPerIp: { max: 30, windowSeconds: 900 },
} as const;

/**
 * Where a request counts: its transaction and tenant, the shared counters (Redis) if any, and the
 * database itself for what must outlive a Redis outage (a limit reached, see `hit`).
 */
export interface RateScope {
  sql: Sql;
  tenant: string;
  deps: { counters: SharedCounters; db: Database };
}

type Limit = { max: number; windowSeconds: number };

/** The fixed window of `now`, and the key of `bucket` in it (per tenant). */
function windowOf(scope: RateScope, bucket: string, limit: Limit, now: Date) {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { start, key: `${scope.tenant}:${bucket}:${start.getTime()}` };
}

/**
 * Counts one hit in a fixed window and throws 429 `too_many_requests` once the window's count
 * passes `max` (`refuse: false` only counts: the caller refuses through `isOverLimit`). The count
 * lives in Redis when it answers (server/services/shared-counters), else in `rate_counters` (one
 * upsert, atomic on both engines); both are shared by every server process.
 *
 * Limits hold through a Redis outage (Faults): the database learns a window's count when it
 * reaches `max` (one write per window, so a burst past the limit still costs no database write),
 * and counting falls back to the database from that count on; after an outage, a window that was
 * open during it adds the hits the database counted meanwhile to Redis's. What the database does
 * not learn: hits of a window still under its limit when Redis went away, so such a window may
 * take up to `max` more during an outage.
 */
export async function hit(
  scope: RateScope,
  bucket: string,
  limit: Limit,
  now: Date,
  options: { refuse?: boolean } = {},
): Promise<void> {
  const { start, key } = windowOf(scope, bucket, limit, now);
  const shared = await scope.deps.counters.hit(key, limit.windowSeconds);
  let hits: number;
  if (shared === null) {
    const { rows } = await scope.sql.query<{ hits: number }>(
      `INSERT INTO rate_counters (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (tenant_id, bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1
       RETURNING hits`,
      [bucket, start],
    );
    hits = Number(rows[0]!.hits);
  } else {
    hits = shared + (await countedDuringOutage(scope, bucket, start));
    if (hits === limit.max) keepReachedLimit(scope, bucket, start, hits);
  }
  if (options.refuse !== false && hits > limit.max) throw new ApiError(429, 'too_many_requests');
}

/** Whether a bucket is already over its limit (without counting a hit). */
export async function isOverLimit(
  scope: RateScope,
  bucket: string,
  limit: Limit,
  now: Date,
): Promise<boolean> {
  const { start, key } = windowOf(scope, bucket, limit, now);
  const shared = await scope.deps.counters.peek(key);
  const hits =
    shared === null
      ? await databaseHits(scope.sql, bucket, start)
      : shared + (await countedDuringOutage(scope, bucket, start));
  return hits >= limit.max;
}

const databaseHits = async (sql: Sql, bucket: string, start: Date) => {
  const { rows } = await sql.query<{ hits: number }>(
    'SELECT hits FROM rate_counters WHERE bucket = $1 AND window_start = $2',
    [bucket, start],
  );
  return Number(rows[0]?.hits ?? 0);
};

/**
 * The database's count of a window that was open when Redis came back after an outage (its hits
 * meanwhile were counted there, and a Redis that restarted empty knows none of them); 0 for any
 * other window, without a query, so normal running reads nothing from the database.
 */
function countedDuringOutage(scope: RateScope, bucket: string, start: Date): Promise<number> {
  const back = scope.deps.counters.recoveredAt;
  if (back === null || start.getTime() >= back) return Promise.resolve(0);
  return databaseHits(scope.sql, bucket, start);
}

/**
 * Writes a window's count to the database when Redis says it reached its limit, so that the
 * limit holds if Redis goes away within the window. Its own transaction, not the request's:
 * a request refused further on (a 429 of another limit) rolls back, but the limit was reached all
 * the same. Not awaited: on the embedded database, which runs one transaction at a time, it
 * waits for the request's own transaction to end.
 */
function keepReachedLimit(scope: RateScope, bucket: string, start: Date, hits: number): void {
  scope.deps.db
    .tenant(scope.tenant, (sql) =>
      sql.query(
        `INSERT INTO rate_counters (bucket, window_start, hits) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, bucket, window_start)
         DO UPDATE SET hits = GREATEST(rate_counters.hits, EXCLUDED.hits)`,
        [bucket, start, hits],
      ),
    )
    .catch((error: unknown) =>
      scope.deps.counters.log.warn(
        { err: error },
        'rate limit: a reached limit was not written to the database',
      ),
    );
}
