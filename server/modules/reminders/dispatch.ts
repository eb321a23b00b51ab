import type { Database, Sql } from '../../db/database';
import type { Tenant } from '../../tenancy/registry';
import { notify } from '../messages/index';

export interface DispatchOptions {
  now?: Date;
  /** Most reminders one run handles per tenant (the next run takes the rest). */
  batch?: number;
}

export interface DispatchReport {
  /** Handed to the message pipeline (in-app notification written, deliveries queued). */
  sent: number;
  /** Too late (the appointment started) or no longer wanted. */
  failed: number;
  cancelled: number;
}

interface DueRow {
  reminder_id: string;
  kind: 'reminder' | 'waitlist';
  appointment_id: string | null;
  user_id: number;
  appointment_number: string | null;
  starts_at: Date | null;
  appointment_active: boolean | null;
  service_type_id: number | null;
  hospital_vi: string | null;
  hospital_en: string | null;
  waitlist_state: string | null;
  waitlist_date: string | null;
  waitlist_doctor_id: number | null;
  doctor_name: string | null;
  user_status: string;
}

/**
 * Turns a tenant's due reminders into message events. Rows are taken with FOR UPDATE SKIP LOCKED
 * in one transaction, so two dispatchers (two processes, or a job run twice) never take the same
 * row; each becomes one `appointment-reminder` event (in-app notification and one delivery per
 * channel, keyed by the reminder), whose email, SMS and push the message dispatcher sends with
 * its own retries. Waitlist rows written before waitlist offers went straight to the pipeline are
 * handed over the same way.
 */
export async function dispatchDueReminders(
  db: Database,
  tenant: Tenant,
  options: DispatchOptions = {},
): Promise<DispatchReport> {
  const now = options.now ?? new Date();
  const report: DispatchReport = { sent: 0, failed: 0, cancelled: 0 };
  await db.tenant(tenant.config.code, async (sql) => {
    const { rows } = await sql.query<DueRow>(
      `SELECT r.reminder_id, r.kind, r.appointment_id, r.user_id,
              a.appointment_number, a.starts_at, a.active AS appointment_active, a.service_type_id,
              CASE WHEN h.hospital_id IS NULL THEN NULL ELSE concat_ws(', ', h.name, NULLIF(h.address, '')) END AS hospital_vi,
              CASE WHEN h.hospital_id IS NULL THEN NULL
                   ELSE concat_ws(', ', h.name, NULLIF(COALESCE(NULLIF(h.address_en, ''), h.address), '')) END AS hospital_en,
              w.state AS waitlist_state, w.local_date::text AS waitlist_date, w.doctor_id AS waitlist_doctor_id,
              COALESCE(da.full_name, dw.full_name) AS doctor_name, u.status AS user_status
       FROM appointment_reminders r
       JOIN users u ON u.user_id = r.user_id
       LEFT JOIN appointments a ON a.appointment_id = r.appointment_id
       LEFT JOIN hospitals h ON h.hospital_id = a.hospital_id
       LEFT JOIN doctors da ON da.doctor_id = a.doctor_id
       LEFT JOIN waitlist_entries w ON w.waitlist_id = r.waitlist_id
       LEFT JOIN doctors dw ON dw.doctor_id = w.doctor_id
       WHERE r.state = 'pending' AND r.next_attempt_at <= $1
       ORDER BY r.next_attempt_at, r.reminder_id
       LIMIT $2
       FOR UPDATE OF r SKIP LOCKED`,
      [now, options.batch ?? 200],
    );
    for (const row of rows) report[await handOver(sql, tenant, row, now)] += 1;
  });
  return report;
}

async function handOver(sql: Sql, tenant: Tenant, row: DueRow, now: Date): Promise<keyof DispatchReport> {
  const id = Number(row.reminder_id);
  const close = async (state: 'sent' | 'cancelled' | 'failed', reason: string | null) => {
    await sql.query(
      `UPDATE appointment_reminders SET state = $2, last_error = $3, attempts = attempts + 1,
         sent_at = CASE WHEN $2 = 'sent' THEN $4::timestamptz ELSE sent_at END, updated_at = $4
       WHERE reminder_id = $1`,
      [id, state, reason, now],
    );
    return state;
  };
  if (row.user_status === 'deleted') return close('cancelled', 'account deleted');
  if (row.kind === 'waitlist') {
    if (row.waitlist_state !== 'notified')
      return close('cancelled', `waitlist entry ${row.waitlist_state ?? 'gone'}`);
    await notify(sql, tenant.config, {
      event: 'waitlist-place-freed',
      userId: row.user_id,
      key: `reminder:${id}`,
      values: {
        doctorName: row.doctor_name ?? '',
        localDate: row.waitlist_date ?? '',
        path: row.waitlist_doctor_id ? `/doctor-details/${row.waitlist_doctor_id}` : undefined,
      },
      now,
    });
    return close('sent', null);
  }
  if (!row.appointment_active) return close('cancelled', 'appointment no longer active');
  if (row.starts_at && row.starts_at.getTime() <= now.getTime())
    return close('failed', 'too late: the appointment has started');
  const appointmentId = Number(row.appointment_id);
  await notify(sql, tenant.config, {
    event: 'appointment-reminder',
    userId: row.user_id,
    key: `reminder:${id}`,
    reminderId: id,
    appointmentId,
    deadline: row.starts_at,
    values: {
      appointmentId,
      appointmentNumber: row.appointment_number ?? '',
      startsAt: row.starts_at?.toISOString(),
      doctorName: row.doctor_name ?? '',
      video: row.service_type_id === 1,
      place: row.hospital_vi ? { vi: row.hospital_vi, en: row.hospital_en ?? row.hospital_vi } : null,
      path: `/me/appointments-list/${appointmentId}`,
    },
    notificationValues: {
      AppointmentId: appointmentId,
      AppointmentNumber: row.appointment_number,
      StartsAt: row.starts_at?.toISOString() ?? null,
    },
    now,
  });
  return close('sent', null);
}
