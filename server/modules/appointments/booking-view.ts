import { AppointmentStatus } from '../../../schemas/codes';
import type { AppointmentDetail } from '../../../schemas/appointments';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { loadAppointmentDetail } from './appointment-view';

/**
 * The reply of MakeAppointment, cancel and reschedule: the caller's appointment as the read
 * model shows it (null when not theirs), with the payment page of an online booking.
 */
export async function loadBookingDetail(
  sql: Sql,
  tenant: TenantConfig,
  lang: LanguageCode,
  userId: number,
  appointmentId: number,
  now: Date,
  paymentUrl: string | null = null,
): Promise<AppointmentDetail | null> {
  const detail = await loadAppointmentDetail(sql, tenant, userId, appointmentId, lang, now);
  return (
    detail && {
      ...detail,
      paymentUrl: detail.status === AppointmentStatus.PaymentInitiated ? paymentUrl : null,
    }
  );
}
