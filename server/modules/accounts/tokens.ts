import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { AccessClaims } from '../../plugins/auth';
import { randomToken, sha256 } from './crypto';

/** Refresh tokens live 30 days unless rotated or revoked first. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

export type IssueAccessToken = (claims: AccessClaims) => Promise<string>;

/** A new session family on a device: an access token and a refresh token (stored as SHA-256). */
export async function startSession(
  sql: Sql,
  issue: IssueAccessToken,
  options: {
    tenant: string;
    userId: number;
    deviceId: number;
    deviceKey: string;
    now: Date;
    familyId?: string;
  },
): Promise<{ token: string; refreshToken: string }> {
  const refreshToken = randomToken();
  await sql.query(
    `INSERT INTO refresh_tokens (user_id, device_id, family_id, token_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      options.userId,
      options.deviceId,
      options.familyId ?? randomUUID(),
      sha256(refreshToken),
      options.now,
      new Date(options.now.getTime() + REFRESH_TTL_SECONDS * 1000),
    ],
  );
  const token = await issue({ userId: options.userId, tenant: options.tenant, deviceId: options.deviceKey });
  return { token, refreshToken };
}

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same family is
 * issued. A token that was already used or revoked is a sign of theft: the whole family is revoked
 * (the legitimate holder must sign in again). Errors are returned so the revocation commits.
 */
export async function rotateRefreshToken(
  sql: Sql,
  issue: IssueAccessToken,
  options: { tenant: string; refreshToken: string; now: Date },
): Promise<ApiError | { token: string; refreshToken: string; userId: number }> {
  const { rows } = await sql.query<{
    token_id: number;
    user_id: number;
    device_id: number;
    family_id: string;
    expires_at: Date;
    used_at: Date | null;
    revoked_at: Date | null;
    device_key: string;
    status: string;
    locked: boolean;
  }>(
    `SELECT t.token_id, t.user_id, t.device_id, t.family_id, t.expires_at, t.used_at, t.revoked_at,
            d.device_key, u.status, (u.locked_by_admin OR u.locked_at IS NOT NULL) AS locked
     FROM refresh_tokens t JOIN login_devices d USING (device_id) JOIN users u ON u.user_id = t.user_id
     WHERE t.token_hash = $1`,
    [sha256(options.refreshToken)],
  );
  const row = rows[0];
  if (!row) return new ApiError(401, 'invalid_refresh_token');
  if (row.used_at || row.revoked_at) {
    await sql.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [
      row.family_id,
      options.now,
    ]);
    return new ApiError(401, 'invalid_refresh_token');
  }
  if (new Date(row.expires_at) <= options.now || row.status !== 'active' || row.locked) {
    return new ApiError(401, 'invalid_refresh_token');
  }
  await sql.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_id = $1', [row.token_id, options.now]);
  const next = await startSession(sql, issue, {
    tenant: options.tenant,
    userId: row.user_id,
    deviceId: row.device_id,
    deviceKey: row.device_key,
    now: options.now,
    familyId: row.family_id,
  });
  return { ...next, userId: row.user_id };
}

/** Revokes the refresh tokens of some devices of an account (all devices when ids is null). */
export async function revokeSessions(
  sql: Sql,
  userId: number,
  deviceIds: number[] | null,
  now: Date,
  exceptDeviceKey?: string,
): Promise<void> {
  await sql.query(
    `UPDATE refresh_tokens t SET revoked_at = $2
     FROM login_devices d
     WHERE d.device_id = t.device_id AND t.user_id = $1 AND t.revoked_at IS NULL
       AND ($3::int[] IS NULL OR t.device_id = ANY($3::int[]))
       AND ($4::text IS NULL OR d.device_key <> $4)`,
    [userId, now, deviceIds, exceptDeviceKey ?? null],
  );
}
