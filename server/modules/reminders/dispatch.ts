import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database, Sql } from '../../db/database';
import { sendMessage, type Delivery } from '../../services/delivery/index';
import type { Tenant } from '../../tenancy/registry';
import { createNotification } from '../notifications/index';
import { inAppTexts, localDateText, localTexts, registerReminderMessages } from './texts';

/** After this many failed attempts a reminder is `failed` (visible to the operator). */
export const MAX_ATTEMPTS = 5;
/** Wait before attempt n+1: 1, 2, 4, 8 minutes... */
export const backoffMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

export interface DispatchOptions {
  now?: Date;
  /** Most reminders one run handles per tenant (the next run takes the rest). */
  batch?: number;
  maxAttempts?: number;
}

export interface DispatchReport {
  sent: number;
  retrying: number;
  failed: number;
  cancelled: number;
}

interface DueRow {
  reminder_id: string;
  kind: 'reminder' | 'waitlist';
  appointment_id: string | null;
  user_id: number;
  channels: string[];
  delivered: string[];
  attempts: number;
  appointment_number: string | null;
  starts_at: Date | null;
  appointment_active: boolean | null;
  waitlist_state: string | null;
  waitlist_date: string | null;
  doctor_name: string | null;
  email: string | null;
  phone_code: string | null;
  mobile_number: string | null;
  preferred_language: LanguageCode | null;
  user_status: string;
}

/**
 * Delivers a tenant's due reminders and waitlist messages. Rows are taken with
 * FOR UPDATE SKIP LOCKED in one transaction, so two dispatchers (two processes, or a job run twice)
 * never deliver the same row twice; each channel runs under a savepoint and is remembered in
 * `delivered`, so a retry after a partial failure repeats only what failed. A failure counts an
 * attempt and retries with backoff; after `maxAttempts` the row is `failed`.
 * @param delivery the tenant's delivery; its onError is made to throw so a failed hand-off counts
 */
export async function dispatchDueReminders(
  db: Database,
  tenant: Tenant,
  delivery: Delivery,
  options: DispatchOptions = {},
): Promise<DispatchReport> {
  registerReminderMessages();
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const strict: Delivery = {
    ...delivery,
    onError: (error) => {
      throw error;
    },
  };
  const report: DispatchReport = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  await db.tenant(tenant.config.code, async (sql) => {
    const { rows } = await sql.query<DueRow>(
      `SELECT r.reminder_id, r.kind, r.appointment_id, r.user_id, r.channels, r.delivered, r.attempts,
              a.appointment_number, a.starts_at, a.active AS appointment_active,
              w.state AS waitlist_state, w.local_date::text AS waitlist_date,
              COALESCE(da.full_name, dw.full_name) AS doctor_name,
              u.email, u.phone_code, u.mobile_number, u.preferred_language, u.status AS user_status
       FROM appointment_reminders r
       JOIN users u ON u.user_id = r.user_id
       LEFT JOIN appointments a ON a.appointment_id = r.appointment_id
       LEFT JOIN doctors da ON da.doctor_id = a.doctor_id
       LEFT JOIN waitlist_entries w ON w.waitlist_id = r.waitlist_id
       LEFT JOIN doctors dw ON dw.doctor_id = w.doctor_id
       WHERE r.state = 'pending' AND r.next_attempt_at <= $1
       ORDER BY r.next_attempt_at, r.reminder_id
       LIMIT $2
       FOR UPDATE OF r SKIP LOCKED`,
      [now, options.batch ?? 200],
    );
    for (const row of rows) {
      const outcome = await deliverOne(sql, tenant, strict, row, now, maxAttempts);
      report[outcome] += 1;
    }
  });
  return report;
}

async function deliverOne(
  sql: Sql,
  tenant: Tenant,
  delivery: Delivery,
  row: DueRow,
  now: Date,
  maxAttempts: number,
): Promise<keyof DispatchReport> {
  const id = Number(row.reminder_id);
  const close = async (state: 'cancelled' | 'failed', reason: string) => {
    await sql.query(
      `UPDATE appointment_reminders SET state = $2, last_error = $3, updated_at = $4 WHERE reminder_id = $1`,
      [id, state, reason, now],
    );
    return state;
  };
  if (row.user_status === 'deleted') return close('cancelled', 'account deleted');
  if (row.kind === 'reminder') {
    if (!row.appointment_active) return close('cancelled', 'appointment no longer active');
    if (row.starts_at && row.starts_at.getTime() <= now.getTime()) {
      return close('failed', 'too late: the appointment has started');
    }
  } else if (row.waitlist_state !== 'notified') {
    return close('cancelled', `waitlist entry ${row.waitlist_state ?? 'gone'}`);
  }

  const config = tenant.config;
  const lang: LanguageCode =
    row.preferred_language && config.languages.offered.includes(row.preferred_language)
      ? row.preferred_language
      : config.languages.default;
  const valuesIn = (l: LanguageCode): Record<string, string> => {
    const when =
      row.starts_at !== null
        ? localTexts(row.starts_at, config.booking.timeZone, l)
        : { date: localDateText(row.waitlist_date ?? ''), time: '' };
    return {
      ...when,
      number: row.appointment_number ?? '',
      doctor: row.doctor_name ?? '',
      brand: config.name[l],
    };
  };
  const kind = row.kind === 'reminder' ? 'appointment-reminder' : 'waitlist-slot-free';
  // One message to the account: email when it has one, else SMS to its mobile number.
  const phone = row.mobile_number ? `${row.phone_code ?? ''}${row.mobile_number}` : null;
  const wanted = row.channels.filter(
    (c) =>
      c === 'inapp' ||
      (c === 'email' && row.email) ||
      (c === 'sms' && phone && !(row.email && row.channels.includes('email'))),
  );

  const delivered = [...row.delivered];
  const errors: string[] = [];
  for (const channel of wanted) {
    if (delivered.includes(channel)) continue;
    await sql.query('SAVEPOINT reminder_channel');
    try {
      if (channel === 'inapp') {
        await createNotification(sql, {
          userId: row.user_id,
          type: 'AppointmentReminder',
          ...inAppTexts('appointment-reminder', { vi: valuesIn('vi'), en: valuesIn('en') }),
          values: {
            AppointmentId: Number(row.appointment_id),
            AppointmentNumber: row.appointment_number,
            StartsAt: row.starts_at?.toISOString() ?? null,
          },
          appointmentId: Number(row.appointment_id),
          reminderId: id,
        });
      } else {
        await sendMessage(sql, delivery, {
          channel: channel as 'email' | 'sms',
          to: channel === 'email' ? row.email! : phone!,
          lang,
          brand: config.name[lang],
          kind,
          values: valuesIn(lang),
        });
      }
      await sql.query('RELEASE SAVEPOINT reminder_channel');
      delivered.push(channel);
    } catch (error) {
      await sql.query('ROLLBACK TO SAVEPOINT reminder_channel');
      errors.push(`${channel}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const attempts = row.attempts + 1;
  if (errors.length === 0) {
    await sql.query(
      `UPDATE appointment_reminders SET state = 'sent', delivered = $2, attempts = $3, sent_at = $4,
         last_error = NULL, updated_at = $4 WHERE reminder_id = $1`,
      [id, delivered, attempts, now],
    );
    return 'sent';
  }
  const failed = attempts >= maxAttempts;
  await sql.query(
    `UPDATE appointment_reminders SET state = $2, delivered = $3, attempts = $4, last_error = $5,
       next_attempt_at = $6, updated_at = $7 WHERE reminder_id = $1`,
    [
      id,
      failed ? 'failed' : 'pending',
      delivered,
      attempts,
      errors.join('; ').slice(0, 1000),
      new Date(now.getTime() + backoffMs(attempts)),
      now,
    ],
  );
  return failed ? 'failed' : 'retrying';
}
