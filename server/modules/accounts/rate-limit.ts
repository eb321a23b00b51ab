import type { Sql } from '../../db/database';
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

/** Where a request counts: its transaction and tenant, and the shared counters (Redis) if any. */
export interface RateScope {
  sql: Sql;
  tenant: string;
  deps: { counters: SharedCounters };
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
 * passes `max`. The count lives in Redis when it answers (server/services/shared-counters), else in
 * `rate_counters` (one upsert, atomic on both engines); both are shared by every server process.
 */
export async function hit(scope: RateScope, bucket: string, limit: Limit, now: Date): Promise<void> {
  const { start, key } = windowOf(scope, bucket, limit, now);
  let hits = await scope.deps.counters.hit(key, limit.windowSeconds);
  if (hits === null) {
    const { rows } = await scope.sql.query<{ hits: number }>(
      `INSERT INTO rate_counters (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (tenant_id, bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1
       RETURNING hits`,
      [bucket, start],
    );
    hits = Number(rows[0]!.hits);
  }
  if (hits > limit.max) throw new ApiError(429, 'too_many_requests');
}

/** Whether a bucket is already over its limit (without counting a hit). */
export async function isOverLimit(
  scope: RateScope,
  bucket: string,
  limit: Limit,
  now: Date,
): Promise<boolean> {
  const { start, key } = windowOf(scope, bucket, limit, now);
  let hits = await scope.deps.counters.peek(key);
  if (hits === null) {
    const { rows } = await scope.sql.query<{ hits: number }>(
      'SELECT hits FROM rate_counters WHERE bucket = $1 AND window_start = $2',
      [bucket, start],
    );
    hits = Number(rows[0]?.hits ?? 0);
  }
  return hits >= limit.max;
}
