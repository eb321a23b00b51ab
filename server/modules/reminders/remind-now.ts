import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { notify } from '../messages/index';

/**
 * The in-app reminder of a user's next appointment, written now instead of at its offset: the
 * operator's `demo remind` command, to show the live header count and the reminder dialog without
 * waiting for a reminder to fall due. The dispatcher's event and values, through the messages
 * pipeline (so its email, SMS and push follow too). Runs in the
 * operator's tenant transaction (as the owner, which row-level security may not filter, so each
 * query names the tenant).
 */
export async function remindNow(
  sql: Sql,
  tenant: TenantConfig,
  login: string,
  now: Date,
): Promise<{ notificationId: number; appointmentId: number } | { problem: string }> {
  const name = login.trim().toLowerCase();
  const digits = name.replace(/\D/g, '').replace(/^(84|0)/, '');
  const { rows } = await sql.query<{
    user_id: number;
    appointment_id: string | null;
    appointment_number: string | null;
    starts_at: Date | null;
    doctor_name: string | null;
    service_type_id: number | null;
    hospital_vi: string | null;
    hospital_en: string | null;
  }>(
    `SELECT u.user_id, a.appointment_id, a.appointment_number, a.starts_at, d.full_name AS doctor_name,
            a.service_type_id,
            CASE WHEN h.hospital_id IS NULL THEN NULL ELSE concat_ws(', ', h.name, NULLIF(h.address, '')) END AS hospital_vi,
            CASE WHEN h.hospital_id IS NULL THEN NULL
                 ELSE concat_ws(', ', h.name, NULLIF(COALESCE(NULLIF(h.address_en, ''), h.address), '')) END AS hospital_en
       FROM users u
       LEFT JOIN LATERAL (
         SELECT * FROM appointments a
          WHERE a.user_id = u.user_id AND a.tenant_id = u.tenant_id AND a.active AND a.ends_at > $3
          ORDER BY a.starts_at LIMIT 1) a ON true
       LEFT JOIN doctors d ON d.doctor_id = a.doctor_id
       LEFT JOIN hospitals h ON h.hospital_id = a.hospital_id
      WHERE u.tenant_id = current_tenant() AND u.status = 'active'
        AND (lower(u.email) = $1 OR ($2 <> '' AND u.mobile_number = $2))`,
    [name, digits, now],
  );
  const row = rows[0];
  if (!row) return { problem: `no active account ${login} on ${tenant.code}` };
  if (!row.appointment_id || !row.starts_at) return { problem: `${login} has no upcoming appointment` };
  const appointmentId = Number(row.appointment_id);
  // The dispatcher's event and values; the key is new on every run, so a demo can repeat it.
  const { notificationId } = await notify(sql, tenant, {
    event: 'appointment-reminder',
    userId: row.user_id,
    key: `demo-remind:${appointmentId}:${now.getTime()}`,
    appointmentId,
    deadline: row.starts_at,
    values: {
      appointmentId,
      appointmentNumber: row.appointment_number ?? '',
      startsAt: row.starts_at.toISOString(),
      doctorName: row.doctor_name ?? '',
      video: row.service_type_id === 1,
      place: row.hospital_vi ? { vi: row.hospital_vi, en: row.hospital_en ?? row.hospital_vi } : null,
      path: `/me/appointments-list/${appointmentId}`,
    },
    notificationValues: {
      AppointmentId: appointmentId,
      AppointmentNumber: row.appointment_number,
      StartsAt: row.starts_at.toISOString(),
    },
    now,
  });
  return { notificationId: notificationId!, appointmentId };
}
