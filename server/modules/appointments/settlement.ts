import { AppointmentStatus, PaymentStatus } from '../../../schemas/codes';
import type { SettlementHandler } from '../../services/payments/index';
import { creditWallet } from '../wallet/index';
import { afterBooking } from './after-booking';
import { lockAppointment } from './appointment-lock';
import { bookingClock } from './clock';
import { releaseSlot, uncountDay } from './slot-ledger';

/**
 * The payments module calls this inside the IPN's transaction once a callback is verified.
 * paid: a held appointment becomes Booked with payment Completed. failed: PaymentFailed with
 * payment Failed, the slot place and day count given back, the wallet part refunded.
 * A payment for a hold that already lapsed (PaymentCancel) is recorded Completed and credited to
 * the wallet when the tenant has one (else an operator refunds it); nothing else changes, so a
 * repeated callback is harmless.
 */
export const settleAppointmentPayment: SettlementHandler = async (sql, tenant, settlement) => {
  const a = await lockAppointment(sql, settlement.appointmentId);
  if (!a) throw new Error(`settlement: appointment ${settlement.appointmentId} not found`);
  const now = bookingClock.now().toISOString();
  if (settlement.outcome === 'paid') {
    if (a.status === AppointmentStatus.PaymentInitiated) {
      await sql.query(
        `UPDATE appointments SET status = $3, payment_status = $4, hold_expires_at = NULL, updated_at = $2
          WHERE appointment_id = $1`,
        [a.appointmentId, now, AppointmentStatus.Booked, PaymentStatus.Completed],
      );
      await afterBooking.paid(sql, tenant, a.appointmentId, null);
    } else if (
      a.status === AppointmentStatus.PaymentCancel &&
      a.paymentStatus !== PaymentStatus.Completed &&
      a.paymentStatus !== PaymentStatus.Refunded
    ) {
      const toWallet = tenant.features.wallet !== false && a.finalPrice > 0;
      if (toWallet)
        await creditWallet(sql, 'refund', {
          userId: a.userId,
          amount: a.finalPrice,
          appointmentId: a.appointmentId,
          description: `late ${a.appointmentNumber}`,
        });
      await sql.query(
        'UPDATE appointments SET payment_status = $2, updated_at = $3 WHERE appointment_id = $1',
        [a.appointmentId, toWallet ? PaymentStatus.Refunded : PaymentStatus.Completed, now],
      );
      await afterBooking.paid(sql, tenant, a.appointmentId, { toWallet });
    }
    return;
  }
  if (a.status !== AppointmentStatus.PaymentInitiated) return;
  await sql.query(
    `UPDATE appointments SET status = $3, payment_status = $4, hold_expires_at = NULL, updated_at = $2
      WHERE appointment_id = $1`,
    [a.appointmentId, now, AppointmentStatus.PaymentFailed, PaymentStatus.Failed],
  );
  await releaseSlot(sql, a.slotId);
  await uncountDay(sql, a.doctorId, a.localDate);
  await creditWallet(sql, 'refund', {
    userId: a.userId,
    amount: a.walletAmount,
    appointmentId: a.appointmentId,
    description: `failed ${a.appointmentNumber}`,
  });
  await afterBooking.paymentFailed(sql, tenant, a.appointmentId);
  await afterBooking.freed(sql, tenant, { doctorId: a.doctorId, localDate: a.localDate, slotId: a.slotId });
};
