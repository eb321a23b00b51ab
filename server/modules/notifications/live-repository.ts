import type { Sql } from '../../db/database';

/** What a live stream sends of a new notification (the list refetches the rest). */
export interface LiveNotificationRow {
  notification_id: string;
  type: string;
  title_vi: string;
  title_en: string;
  body_vi: string;
  body_en: string;
  appointment_id: string | null;
  created_at: Date;
}

/** A stream sends at most this many notifications per look; the rest follow at once. */
export const LIVE_BATCH = 50;

/**
 * The user's unread notifications after `floor` (by id) not yet sent, oldest first. Ids come from
 * one sequence but transactions commit in any order, so a stream remembers what it sent instead of
 * moving a cursor past an id whose neighbour may still be committing.
 */
export async function unsentNotifications(
  sql: Sql,
  userId: number,
  floor: number,
  sent: readonly number[],
): Promise<LiveNotificationRow[]> {
  const { rows } = await sql.query<LiveNotificationRow>(
    `SELECT notification_id, type, title_vi, title_en, body_vi, body_en, appointment_id, created_at
     FROM notifications
     WHERE user_id = $1 AND notification_id > $2 AND NOT (notification_id = ANY($3::bigint[]))
       AND deleted_at IS NULL AND read_at IS NULL
     ORDER BY notification_id LIMIT ${LIVE_BATCH}`,
    [userId, floor, sent],
  );
  return rows;
}

/** The unread count the header shows, and the newest id (a fresh stream's starting point). */
export async function unreadState(sql: Sql, userId: number): Promise<{ unread: number; lastId: number }> {
  const { rows } = await sql.query<{ unread: string; last_id: string | null }>(
    `SELECT count(*) FILTER (WHERE read_at IS NULL) AS unread,
            max(notification_id) AS last_id
     FROM notifications WHERE user_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return { unread: Number(rows[0]!.unread), lastId: Number(rows[0]!.last_id ?? 0) };
}
