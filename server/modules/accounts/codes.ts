import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { codeMatches, hashCode, randomCode, type AccountKeys } from './crypto';
import { hit, LIMITS, type RateScope } from './rate-limit';

/** A code lives 5 minutes; a new one may be sent after 60 s; 5 wrong tries per 15 min end it. */
export const CODE_TTL_SECONDS = 300;
export const RESEND_SECONDS = 60;
export const MAX_CODE_FAILURES = 5;
export const FAILURE_WINDOW_SECONDS = 900;

/** Purposes beyond the spec's OTP types (0, 1, 2, 3, 7), used by the server's own steps. */
export const InternalPurpose = { Register: 100, TwoFactor: 101, ReliableDevice: 102 } as const;

const seconds = (now: Date, s: number) => new Date(now.getTime() - s * 1000);

/**
 * Creates a code for (purpose, address[, account]) and returns it (the caller sends it). Refuses
 * a resend within 60 s (429 otp_resend_too_soon) and counts the per-address and per-IP limits.
 * Older codes of the same purpose and address stop working: only the newest is valid.
 */
export async function issueCode(
  scope: RateScope,
  keys: AccountKeys,
  options: { purpose: number; address: string; userId: number | null; ip: string; now: Date },
): Promise<string> {
  const { purpose, address, userId, ip, now } = options;
  const { sql } = scope;
  const { rows } = await sql.query<{ created_at: Date }>(
    `SELECT created_at FROM otp_codes WHERE address = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1`,
    [address, purpose],
  );
  if (rows[0] && new Date(rows[0].created_at) > seconds(now, RESEND_SECONDS)) {
    throw new ApiError(429, 'otp_resend_too_soon');
  }
  await hit(scope, `code:address:${address}`, LIMITS.codesPerAddress, now);
  await hit(scope, `code:ip:${ip}`, LIMITS.codesPerIp, now);
  await sql.query(
    `UPDATE otp_codes SET used_at = $3 WHERE address = $1 AND purpose = $2 AND used_at IS NULL`,
    [address, purpose, now],
  );
  const code = randomCode();
  await sql.query(
    `INSERT INTO otp_codes (user_id, purpose, address, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [userId, purpose, address, hashCode(keys, code), now, new Date(now.getTime() + CODE_TTL_SECONDS * 1000)],
  );
  return code;
}

/**
 * Checks a code of (purpose, address[, account]). Wrong, expired, used or another purpose's code:
 * one failure is recorded and 400 enter_valid_OTP returned. After 5 failures in 15 minutes every
 * code of that purpose and address is refused (429 too_many_requests), including a newly sent one.
 * `consume` marks the code used. Returns the error instead of throwing so that the caller's
 * transaction commits the failure.
 */
export async function checkCode(
  sql: Sql,
  keys: AccountKeys,
  options: {
    purpose: number;
    address: string;
    userId?: number | null;
    code: string;
    now: Date;
    consume: boolean;
  },
): Promise<ApiError | { userId: number | null }> {
  const { purpose, address, code, now } = options;
  // One check at a time per address and purpose, whichever server process answers: concurrent
  // guesses would otherwise all read the same failure count and together pass the limit.
  await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`code:${purpose}:${address}`]);
  const { rows: failures } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM otp_failures WHERE address = $1 AND purpose = $2 AND failed_at > $3`,
    [address, purpose, seconds(now, FAILURE_WINDOW_SECONDS)],
  );
  if (Number(failures[0]!.n) >= MAX_CODE_FAILURES)
    return new ApiError(429, 'too_many_requests', ['enter_valid_OTP']);
  const { rows } = await sql.query<{ code_id: number; user_id: number | null; code_hash: string }>(
    `SELECT code_id, user_id, code_hash FROM otp_codes
     WHERE address = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     ORDER BY created_at DESC LIMIT 1`,
    [address, purpose, now],
  );
  const row = rows[0];
  const matches =
    row !== undefined &&
    (await codeMatches(keys, row.code_hash, code)) &&
    (options.userId == null || row.user_id === options.userId);
  if (!matches) {
    await sql.query(`INSERT INTO otp_failures (purpose, address, failed_at) VALUES ($1, $2, $3)`, [
      purpose,
      address,
      now,
    ]);
    return new ApiError(400, 'enter_valid_OTP', ['enter_valid_OTP']);
  }
  if (options.consume) {
    await sql.query(`UPDATE otp_codes SET used_at = $2 WHERE code_id = $1`, [row.code_id, now]);
    await sql.query(`DELETE FROM otp_failures WHERE address = $1 AND purpose = $2`, [address, purpose]);
  }
  return { userId: row.user_id };
}

/**
 * issueCode, but a code sent less than 60 s ago is left as it is (still valid) and null returned:
 * for steps that a repeated sign-in re-enters (strange device, second factor, not yet active).
 */
export async function issueOrKeepCode(
  scope: RateScope,
  keys: AccountKeys,
  options: Parameters<typeof issueCode>[2],
): Promise<string | null> {
  try {
    return await issueCode(scope, keys, options);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'otp_resend_too_soon') return null;
    throw error;
  }
}
