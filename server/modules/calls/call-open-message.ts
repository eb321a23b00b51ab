import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { notify } from '../messages/index';

/**
 * The doctor entered the call room: the patient is told the call is open (push and SMS, urgent,
 * so quiet hours do not hold it), once per appointment.
 */
export async function tellPatientCallOpen(
  sql: Sql,
  tenant: TenantConfig,
  appointmentId: number,
): Promise<void> {
  const { rows } = await sql.query<{ user_id: number; appointment_number: string; doctor_name: string }>(
    `SELECT a.user_id, a.appointment_number, d.full_name AS doctor_name
       FROM appointments a JOIN doctors d ON d.doctor_id = a.doctor_id
      WHERE a.appointment_id = $1`,
    [appointmentId],
  );
  const a = rows[0];
  if (!a) return;
  await notify(sql, tenant, {
    event: 'call-open',
    userId: Number(a.user_id),
    key: `call-open:${appointmentId}`,
    appointmentId,
    values: {
      appointmentId,
      appointmentNumber: a.appointment_number,
      doctorName: a.doctor_name,
      video: true,
      path: `/video-call/${appointmentId}`,
    },
    notificationValues: { AppointmentId: appointmentId, AppointmentNumber: a.appointment_number },
  });
}
