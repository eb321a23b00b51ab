import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { createNotification } from '../notifications/index';
import { inAppTexts, localTexts } from './texts';

/**
 * The in-app reminder of a user's next appointment, written now instead of at its offset: the
 * operator's `demo remind` command, to show the live header count and the reminder dialog without
 * waiting for a reminder to fall due. Same texts and values as the dispatcher's. Runs in the
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
  }>(
    `SELECT u.user_id, a.appointment_id, a.appointment_number, a.starts_at, d.full_name AS doctor_name
       FROM users u
       LEFT JOIN LATERAL (
         SELECT * FROM appointments a
          WHERE a.user_id = u.user_id AND a.tenant_id = u.tenant_id AND a.active AND a.ends_at > $3
          ORDER BY a.starts_at LIMIT 1) a ON true
       LEFT JOIN doctors d ON d.doctor_id = a.doctor_id
      WHERE u.tenant_id = current_tenant() AND u.status = 'active'
        AND (lower(u.email) = $1 OR ($2 <> '' AND u.mobile_number = $2))`,
    [name, digits, now],
  );
  const row = rows[0];
  if (!row) return { problem: `no active account ${login} on ${tenant.code}` };
  if (!row.appointment_id || !row.starts_at) return { problem: `${login} has no upcoming appointment` };
  const valuesIn = (lang: 'vi' | 'en') => ({
    ...localTexts(new Date(row.starts_at!), tenant.booking.timeZone, lang),
    number: row.appointment_number ?? '',
    doctor: row.doctor_name ?? '',
    brand: tenant.name[lang],
  });
  const appointmentId = Number(row.appointment_id);
  const notificationId = await createNotification(sql, {
    userId: row.user_id,
    type: 'AppointmentReminder',
    ...inAppTexts('appointment-reminder', { vi: valuesIn('vi'), en: valuesIn('en') }),
    values: {
      AppointmentId: appointmentId,
      AppointmentNumber: row.appointment_number,
      StartsAt: new Date(row.starts_at).toISOString(),
    },
    appointmentId,
  });
  return { notificationId: notificationId!, appointmentId };
}
