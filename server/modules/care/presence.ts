import { PRESENCE_TTL_SECONDS, type CarePresence } from '../../../schemas/care';
import type { Sql } from '../../db/database';

/**
 * A doctor's availability for direct calls. 'online' is a lease: each heartbeat (the workspace
 * posts 'online' every PRESENCE_HEARTBEAT_SECONDS while it is open and the doctor has not chosen
 * away) moves `expires_at` PRESENCE_TTL_SECONDS ahead; a closed, sleeping or unreachable browser
 * stops renewing it and the doctor is away once it passes. Rows live in PostgreSQL, so every
 * server process gives the same answer, and readers compare with their own clock's `now`.
 */

interface PresenceRow {
  status: 'online' | 'away';
  expires_at: Date;
}

const presenceOf = (row: PresenceRow | undefined, now: Date): CarePresence =>
  row && row.status === 'online' && new Date(row.expires_at).getTime() > now.getTime()
    ? { status: 'online', expiresAt: new Date(row.expires_at).toISOString() }
    : { status: 'away', expiresAt: null };

/** Sets (or renews) the care user's presence; 'away' ends it at once. */
export async function setPresence(
  sql: Sql,
  actor: { userId: number; doctorId: number | null },
  status: 'online' | 'away',
  now: Date,
): Promise<CarePresence> {
  const expires = new Date(now.getTime() + (status === 'online' ? PRESENCE_TTL_SECONDS * 1000 : 0));
  const { rows } = await sql.query<PresenceRow>(
    `INSERT INTO care_presence (user_id, doctor_id, status, expires_at, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, expires_at = EXCLUDED.expires_at,
                                         updated_at = EXCLUDED.updated_at, doctor_id = EXCLUDED.doctor_id
     RETURNING status, expires_at`,
    [actor.userId, actor.doctorId, status, expires, now],
  );
  return presenceOf(rows[0], now);
}

/** The care user's own presence as of `now`. */
export async function readPresence(sql: Sql, userId: number, now: Date): Promise<CarePresence> {
  const { rows } = await sql.query<PresenceRow>(
    'SELECT status, expires_at FROM care_presence WHERE user_id = $1',
    [userId],
  );
  return presenceOf(rows[0], now);
}

/**
 * The doctors of the transaction's tenant available for a direct call at `now` (for the direct
 * call feature that builds on this; any transaction of the tenant may ask).
 */
export async function onlineDoctorIds(sql: Sql, now: Date): Promise<number[]> {
  const { rows } = await sql.query<{ doctor_id: number }>(
    `SELECT doctor_id FROM care_presence WHERE status = 'online' AND expires_at > $1 AND doctor_id IS NOT NULL
      ORDER BY doctor_id`,
    [now],
  );
  return rows.map((r) => r.doctor_id);
}
