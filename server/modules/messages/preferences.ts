import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type MessageCategory,
  type MessageChannel,
  type NotificationPreferencesBody,
  type QuietHours,
} from '../../../schemas/notifications';
import type { Sql } from '../../db/database';

/** The stored columns of a user's preferences (all null when the user never saved any). */
export interface PreferenceRow {
  channels: NotificationPreferencesBody['channels'] | string | null;
  quiet_enabled: boolean | null;
  quiet_start: string | null;
  quiet_end: string | null;
}

/** The preferences a row holds, or the defaults when there is none. */
export function preferencesOf(row: PreferenceRow | undefined): NotificationPreferencesBody {
  if (!row || row.channels === null) return structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  const channels = typeof row.channels === 'string' ? JSON.parse(row.channels) : row.channels;
  return {
    channels,
    quietHours: { enabled: row.quiet_enabled!, start: row.quiet_start!, end: row.quiet_end! },
  };
}

/** A user's preferences in the current tenant: their row, or the defaults. */
export async function readPreferences(sql: Sql, userId: number): Promise<NotificationPreferencesBody> {
  const { rows } = await sql.query<PreferenceRow>(
    `SELECT channels, quiet_enabled, quiet_start, quiet_end FROM notification_preferences WHERE user_id = $1`,
    [userId],
  );
  return preferencesOf(rows[0]);
}

/** Stores a user's whole preferences (validated by the schema before). */
export async function writePreferences(
  sql: Sql,
  userId: number,
  prefs: NotificationPreferencesBody,
  now: Date,
): Promise<void> {
  await sql.query(
    `INSERT INTO notification_preferences (user_id, channels, quiet_enabled, quiet_start, quiet_end, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET channels = EXCLUDED.channels,
       quiet_enabled = EXCLUDED.quiet_enabled, quiet_start = EXCLUDED.quiet_start,
       quiet_end = EXCLUDED.quiet_end, updated_at = EXCLUDED.updated_at`,
    [
      userId,
      JSON.stringify(prefs.channels),
      prefs.quietHours.enabled,
      prefs.quietHours.start,
      prefs.quietHours.end,
      now,
    ],
  );
}

/** The secret of a user's unsubscribe links (made with their preferences row on first need). */
export async function unsubscribeToken(sql: Sql, userId: number): Promise<string> {
  await sql.query(
    `INSERT INTO notification_preferences (user_id, channels) VALUES ($1, $2)
     ON CONFLICT (tenant_id, user_id) DO NOTHING`,
    [userId, JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES.channels)],
  );
  const { rows } = await sql.query<{ unsubscribe_token: string }>(
    'SELECT unsubscribe_token FROM notification_preferences WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.unsubscribe_token;
}

/**
 * The List-Unsubscribe action: turns one category of email off for the token's user. Returns
 * false for an unknown token (another tenant's token is unknown here: RLS).
 */
export async function unsubscribeEmail(
  sql: Sql,
  token: string,
  category: Exclude<MessageCategory, 'service'> | 'service',
  now: Date,
): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return false;
  const { rows } = await sql.query(
    `UPDATE notification_preferences
        SET channels = jsonb_set(channels, ARRAY['email', $2::text], 'false'::jsonb), updated_at = $3
      WHERE unsubscribe_token = $1::uuid RETURNING user_id`,
    [token, category, now],
  );
  return rows.length > 0;
}

/** Whether a category on a channel is on (security messages always are). */
export function channelAllowed(
  prefs: NotificationPreferencesBody,
  channel: MessageChannel,
  category: MessageCategory | 'security',
): boolean {
  return category === 'security' || prefs.channels[channel][category];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since local midnight of an instant in a zone. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * When quiet hours end, if `now` is inside them (in the tenant's zone), else null. Start and end
 * may wrap midnight (22:00–07:00); equal times mean no quiet period.
 */
export function quietUntil(quiet: QuietHours, timeZone: string, now: Date): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const local = localMinutes(now, timeZone);
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return null;
  const wait = (end - local + 24 * 60) % (24 * 60);
  const until = new Date(now.getTime() + wait * 60_000);
  until.setUTCSeconds(0, 0);
  return until;
}
