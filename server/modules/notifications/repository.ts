import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';

/**
 * The spec's TypeNotify values this server produces (the web app opens the matching page).
 * AppointmentReminder opens the reminder dialog. The message pipeline (server/modules/messages)
 * names one per event.
 */
export const TYPE_NOTIFY = [
  'AppointmentReminder',
  'WaitlistSlotFree',
  'FeeGuaranteeDecided',
  'AppointmentBooked',
  'AppointmentCancelled',
  'AppointmentRescheduled',
  'PaymentReceived',
  'PaymentFailed',
  'PaymentRefunded',
  'VideoCallOpen',
  'DirectCallMissed',
  'PackagePurchased',
  'AdvisoryAnswered',
  'HealthRecordShared',
  'NewDeviceSignIn',
  'ReferralRewarded',
] as const;
export type TypeNotify = (typeof TYPE_NOTIFY)[number];

export interface NewNotification {
  userId: number;
  type: TypeNotify;
  title: Record<LanguageCode, string>;
  body: Record<LanguageCode, string>;
  /** Extra keys of the `keysandvalues` JSON string (TypeNotify is always set). */
  values?: Record<string, string | number | null>;
  appointmentId?: number | null;
  /** At most one notification per reminder / per waitlist offer (a repeat is a no-op). */
  reminderId?: number | null;
  waitlistOfferKey?: string | null;
  /** At most one notification per event key (the message pipeline's key; a repeat is a no-op). */
  eventKey?: string | null;
}

/**
 * The notification's INSERT as the CTE `notification` of a caller's statement (the message
 * pipeline writes it with its deliveries in one round trip): `notification` holds its
 * notification_id, or no row when the same reminder, waitlist offer or event key already produced
 * one. Its parameters are `params`, numbered from `$first`.
 */
export function notificationCte(n: NewNotification, first: number): { text: string; params: unknown[] } {
  const $ = (i: number) => `$${first + i}`;
  return {
    text: `notification AS (
       INSERT INTO notifications (user_id, type, title_vi, title_en, body_vi, body_en, keys_and_values,
         appointment_id, reminder_id, waitlist_offer_key, event_key)
       VALUES (${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}, ${$(6)}, ${$(7)}, ${$(8)}, ${$(9)}, ${$(10)})
       ON CONFLICT DO NOTHING RETURNING notification_id)`,
    params: [
      n.userId,
      n.type,
      n.title.vi,
      n.title.en,
      n.body.vi,
      n.body.en,
      JSON.stringify({ TypeNotify: n.type, ...n.values }),
      n.appointmentId ?? null,
      n.reminderId ?? null,
      n.waitlistOfferKey ?? null,
      n.eventKey ?? null,
    ],
  };
}

export interface NotificationRow {
  notification_id: string;
  type: string;
  title_vi: string;
  title_en: string;
  body_vi: string;
  body_en: string;
  keys_and_values: string;
  appointment_id: string | null;
  read_at: Date | null;
  created_at: Date;
}

const COLUMNS = `notification_id, type, title_vi, title_en, body_vi, body_en, keys_and_values,
  appointment_id, read_at, created_at`;

/** One page of a user's notifications, newest first, with the total and the unread count. */
export async function listNotifications(
  sql: Sql,
  userId: number,
  page: { pageNumber: number; pageSize: number; unreadOnly: boolean },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const filter = page.unreadOnly ? 'AND read_at IS NULL' : '';
  const { rows } = await sql.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications
     WHERE user_id = $1 AND deleted_at IS NULL ${filter}
     ORDER BY created_at DESC, notification_id DESC LIMIT $2 OFFSET $3`,
    [userId, page.pageSize, (page.pageNumber - 1) * page.pageSize],
  );
  const counts = await sql.query<{ total: string; unread: string }>(
    `SELECT count(*) FILTER (WHERE true ${filter}) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread
     FROM notifications WHERE user_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return { rows, total: Number(counts.rows[0]!.total), unread: Number(counts.rows[0]!.unread) };
}

/** Marks a user's notification read (once: the first read time stays) and returns it, or null. */
export async function viewNotification(
  sql: Sql,
  userId: number,
  notificationId: number,
  now: Date,
): Promise<NotificationRow | null> {
  const { rows } = await sql.query<NotificationRow>(
    `UPDATE notifications SET read_at = COALESCE(read_at, $3)
     WHERE notification_id = $1 AND user_id = $2 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [notificationId, userId, now],
  );
  return rows[0] ?? null;
}

/** Soft-deletes a user's notification; false when it is not theirs or already gone. */
export async function deleteNotification(
  sql: Sql,
  userId: number,
  notificationId: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE notifications SET deleted_at = $3
     WHERE notification_id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING notification_id`,
    [notificationId, userId, now],
  );
  return rows.length > 0;
}

/** Remembers the language a user reads the app in (reminders and offers follow it). */
export async function rememberLanguage(sql: Sql, userId: number, lang: LanguageCode): Promise<void> {
  await sql.query(
    `UPDATE users SET preferred_language = $2 WHERE user_id = $1 AND preferred_language IS DISTINCT FROM $2`,
    [userId, lang],
  );
}
