import { AppointmentStatus, ServiceType } from '../../../schemas/codes';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { notify, type CancelledByValue, type MessagePayload } from '../messages/index';

interface AppointmentFacts {
  userId: number;
  status: number;
  payload: MessagePayload;
  finalPrice: number;
  walletAmount: number;
}

/** What the messages about an appointment are made of: its row, or what the booking knows of it. */
export interface AppointmentFactsSource {
  appointmentId: number;
  userId: number;
  status: number;
  appointmentNumber: string;
  startsAt: Date;
  serviceTypeId: number;
  doctorName: string;
  patientName: string | null;
  hospital: { name: string; address: string | null; addressEn: string | null } | null;
  finalPrice: number;
  walletAmount: number;
}

/** What the messages about one appointment say: number, time, doctor, patient, place, link. */
export function appointmentFactsOf(a: AppointmentFactsSource): AppointmentFacts {
  const h = a.hospital;
  const place = h
    ? {
        vi: [h.name, h.address].filter(Boolean).join(', '),
        en: [h.name, h.addressEn || h.address].filter(Boolean).join(', '),
      }
    : null;
  const video = a.serviceTypeId === ServiceType.VideoConsulting;
  return {
    userId: a.userId,
    status: a.status,
    finalPrice: a.finalPrice,
    walletAmount: a.walletAmount,
    payload: {
      appointmentId: a.appointmentId,
      appointmentNumber: a.appointmentNumber,
      startsAt: a.startsAt.toISOString(),
      doctorName: a.doctorName,
      patientName: a.patientName ?? '',
      video,
      place: video ? null : place,
      path: `/me/appointments-list/${a.appointmentId}`,
    },
  };
}

/** appointmentFactsOf the appointment as it reads now. */
async function appointmentFacts(sql: Sql, appointmentId: number): Promise<AppointmentFacts | null> {
  const { rows } = await sql.query<{
    user_id: number;
    status: number;
    appointment_number: string;
    starts_at: Date;
    service_type_id: number;
    doctor_name: string;
    patient_name: string | null;
    hospital_name: string | null;
    address: string | null;
    address_en: string | null;
    final_price: number;
    wallet_amount: number;
  }>(
    `SELECT a.user_id, a.status, a.appointment_number, a.starts_at, a.service_type_id, d.full_name AS doctor_name,
            p.full_name AS patient_name, h.name AS hospital_name, h.address, h.address_en, a.final_price,
            a.wallet_amount
       FROM appointments a
       JOIN doctors d ON d.doctor_id = a.doctor_id
       LEFT JOIN patients p ON p.patient_id = a.patient_id
       LEFT JOIN hospitals h ON h.hospital_id = a.hospital_id
      WHERE a.appointment_id = $1`,
    [appointmentId],
  );
  const r = rows[0];
  if (!r) return null;
  return appointmentFactsOf({
    appointmentId,
    userId: Number(r.user_id),
    status: Number(r.status),
    appointmentNumber: r.appointment_number,
    startsAt: new Date(r.starts_at),
    serviceTypeId: Number(r.service_type_id),
    doctorName: r.doctor_name,
    patientName: r.patient_name,
    hospital: r.hospital_name ? { name: r.hospital_name, address: r.address, addressEn: r.address_en } : null,
    finalPrice: Number(r.final_price),
    walletAmount: Number(r.wallet_amount),
  });
}

const keys = (f: AppointmentFacts) => ({
  AppointmentId: f.payload.appointmentId ?? null,
  AppointmentNumber: f.payload.appointmentNumber ?? null,
  StartsAt: f.payload.startsAt ?? null,
});

/**
 * The messages of the booking write paths (spec section 7), raised in their transaction: one
 * event key per change, so a replayed request or callback tells the patient once.
 */
export const appointmentMessages = {
  /**
   * Booked: confirmed now, unless it waits for an online payment (then on payment).
   * @param known the appointment as its booking just wrote it (else it is read)
   */
  async booked(sql: Sql, tenant: TenantConfig, appointmentId: number, known?: AppointmentFactsSource) {
    const f = known ? appointmentFactsOf(known) : await appointmentFacts(sql, appointmentId);
    if (!f || f.status !== AppointmentStatus.Booked) return;
    await notify(sql, tenant, {
      event: 'booking-confirmed',
      userId: f.userId,
      key: `booking-confirmed:${appointmentId}`,
      appointmentId,
      values: f.payload,
      notificationValues: keys(f),
    });
  },

  /** The online payment of a held appointment arrived: received, and the booking confirmed. */
  async paid(sql: Sql, tenant: TenantConfig, appointmentId: number, late: { toWallet: boolean } | null) {
    const f = await appointmentFacts(sql, appointmentId);
    if (!f) return;
    await notify(sql, tenant, {
      event: 'payment-received',
      userId: f.userId,
      key: `payment-received:${appointmentId}`,
      appointmentId,
      values: { ...f.payload, amount: f.finalPrice },
      notificationValues: keys(f),
    });
    if (late) {
      // The hold had lapsed: no appointment; the money went to the wallet (or an operator refunds).
      if (late.toWallet)
        await notify(sql, tenant, {
          event: 'payment-refunded',
          userId: f.userId,
          key: `payment-refunded:${appointmentId}:late`,
          appointmentId,
          values: { ...f.payload, amount: f.finalPrice, refundTo: 'wallet' },
          notificationValues: keys(f),
        });
      return;
    }
    await appointmentMessages.booked(sql, tenant, appointmentId);
  },

  async paymentFailed(sql: Sql, tenant: TenantConfig, appointmentId: number) {
    const f = await appointmentFacts(sql, appointmentId);
    if (!f) return;
    await notify(sql, tenant, {
      event: 'payment-failed',
      userId: f.userId,
      key: `payment-failed:${appointmentId}`,
      appointmentId,
      values: { ...f.payload, amount: f.walletAmount },
      notificationValues: keys(f),
    });
  },

  async cancelled(
    sql: Sql,
    tenant: TenantConfig,
    appointmentId: number,
    change: { by: CancelledByValue; reason: string; refunded: number; refundTo: 'wallet' | 'bank' | null },
  ) {
    const f = await appointmentFacts(sql, appointmentId);
    if (!f) return;
    await notify(sql, tenant, {
      event: 'appointment-cancelled',
      userId: f.userId,
      key: `appointment-cancelled:${appointmentId}`,
      appointmentId,
      values: {
        ...f.payload,
        cancelledBy: change.by,
        reason: change.by === 'patient' ? '' : change.reason,
        amount: change.refunded,
        refundTo: change.refunded > 0 ? change.refundTo : null,
      },
      notificationValues: keys(f),
    });
  },

  async moved(sql: Sql, tenant: TenantConfig, appointmentId: number, previousStartsAt: Date, count: number) {
    const f = await appointmentFacts(sql, appointmentId);
    if (!f) return;
    await notify(sql, tenant, {
      event: 'appointment-rescheduled',
      userId: f.userId,
      key: `appointment-rescheduled:${appointmentId}:${count}`,
      appointmentId,
      values: { ...f.payload, previousStartsAt: previousStartsAt.toISOString() },
      notificationValues: keys(f),
    });
  },
};
