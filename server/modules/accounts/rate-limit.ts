import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';

/** Limits: codes sent per address, codes sent per IP, failed sign-ins per IP. */
export const LIMITS = {
  codesPerAddress: { max: 10, windowSeconds: 3600 },
  codesPerIp: { max: 30, windowSeconds: 3600 },
  failedLoginsPerIp: { max: 30, windowSeconds: 900 },
} as const;

/**
 * Counts one hit in a fixed window stored in `rate_counters` (one upsert, atomic on both engines)
 * and throws 429 `too_many_requests` once the window's count passes `max`.
 */
export async function hit(
  sql: Sql,
  bucket: string,
  limit: { max: number; windowSeconds: number },
  now: Date,
): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const { rows } = await sql.query<{ hits: number }>(
    `INSERT INTO rate_counters (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (tenant_id, bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1
     RETURNING hits`,
    [bucket, start],
  );
  if (Number(rows[0]!.hits) > limit.max) throw new ApiError(429, 'too_many_requests');
}

/** Whether a bucket is already over its limit (without counting a hit). */
export async function isOverLimit(
  sql: Sql,
  bucket: string,
  limit: { max: number; windowSeconds: number },
  now: Date,
): Promise<boolean> {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const { rows } = await sql.query<{ hits: number }>(
    'SELECT hits FROM rate_counters WHERE bucket = $1 AND window_start = $2',
    [bucket, start],
  );
  return Number(rows[0]?.hits ?? 0) >= limit.max;
}
