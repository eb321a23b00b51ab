import type { Sql } from '../../db/database';
import { insertAppointment } from '../../seed/appointments';

/** How long the demo call stays open: a booked half hour, as the demo doctors' slots are. */
const DEMO_MINUTES = 30;

export interface DemoCall {
  appointmentId: number;
  doctorLogin: string;
}

/**
 * `npm run admin -- demo video-now`: books a paid video consultation of the user (their own
 * patient profile) with a demo doctor who has an account and is free now, starting this minute, so
 * a call can be tried at once with two browser windows. Null when the user or a free doctor is
 * missing. Runs in the tenant's transaction (the operator's, as the owner: a superuser owner is
 * not filtered by row-level security, so each query names the tenant).
 */
export async function bookVideoNow(
  sql: Sql,
  tenant: string,
  login: string,
  now: Date,
  timeZone: string,
): Promise<DemoCall | { problem: string }> {
  const name = login.trim().toLowerCase();
  const digits = name.replace(/\D/g, '').replace(/^(84|0)/, '');
  const { rows: users } = await sql.query<{ user_id: number; patient_id: number | null }>(
    `SELECT u.user_id, (SELECT p.patient_id FROM patients p WHERE p.user_id = u.user_id AND p.is_self LIMIT 1) AS patient_id
       FROM users u
      WHERE u.tenant_id = current_tenant() AND u.status = 'active' AND u.role = 'patient'
        AND (lower(u.email) = $1 OR ($2 <> '' AND u.mobile_number = $2))`,
    [name, digits],
  );
  const user = users[0];
  if (!user) return { problem: `no active patient account ${login} on ${tenant}` };
  if (!user.patient_id) return { problem: `${login} has no patient profile yet: complete the profile first` };
  const startsAt = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + DEMO_MINUTES * 60_000);
  const { rows: doctors } = await sql.query<{ doctor_id: number; email: string; price: number }>(
    `SELECT d.doctor_id, u.email, dp.price
       FROM doctors d
       JOIN users u ON u.doctor_id = d.doctor_id AND u.status = 'active'
       JOIN doctor_prices dp ON dp.doctor_id = d.doctor_id AND dp.service_type_id = 1
      WHERE d.tenant_id = current_tenant()
        AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.doctor_id = d.doctor_id AND a.active
                          AND a.during && tstzrange($1, $2))
        AND NOT EXISTS (SELECT 1 FROM doctor_slots s WHERE s.doctor_id = d.doctor_id AND s.starts_at = $1)
        AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.doctor_id = d.doctor_id AND a.active
                          AND a.patient_id = $3 AND a.starts_at::date = $1::date)
      ORDER BY (SELECT count(*) FROM appointments a WHERE a.doctor_id = d.doctor_id AND a.starts_at::date = $1::date),
               d.doctor_id
      LIMIT 1`,
    [startsAt, endsAt, user.patient_id],
  );
  const doctor = doctors[0];
  if (!doctor)
    return { problem: `no demo doctor with an account and video consultations is free now on ${tenant}` };
  const { appointmentId } = await insertAppointment(sql, tenant, {
    userId: user.user_id,
    patientId: user.patient_id,
    doctorId: doctor.doctor_id,
    serviceTypeId: 1,
    startsAt,
    minutes: DEMO_MINUTES,
    status: 4,
    paymentStatus: 2,
    paymentMethod: 1,
    price: doctor.price,
    createdAt: now,
    timeZone,
  });
  return { appointmentId, doctorLogin: doctor.email };
}
