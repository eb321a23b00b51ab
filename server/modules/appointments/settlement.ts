import type { SettlementHandler } from '../../services/payments/types';
import { afterBooking } from './after-booking';
import { lockAppointment } from './appointment-lock';
import { bookingClock } from './clock';
import { releaseSlot, uncountDay } from './slot-ledger';
import { refundToWallet } from './wallet';

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
    if (a.status === 1) {
      await sql.query(
        `UPDATE appointments SET status = 4, payment_status = 2, hold_expires_at = NULL, updated_at = $2
          WHERE appointment_id = $1`,
        [a.appointmentId, now],
      );
    } else if (a.status === 2 && a.paymentStatus !== 2 && a.paymentStatus !== 5) {
      const toWallet = tenant.features.wallet !== false && a.finalPrice > 0;
      if (toWallet)
        await refundToWallet(sql, a.userId, a.finalPrice, a.appointmentId, `late ${a.appointmentNumber}`);
      await sql.query(
        'UPDATE appointments SET payment_status = $2, updated_at = $3 WHERE appointment_id = $1',
        [a.appointmentId, toWallet ? 5 : 2, now],
      );
    }
    return;
  }
  if (a.status !== 1) return;
  await sql.query(
    `UPDATE appointments SET status = 3, payment_status = 4, hold_expires_at = NULL, updated_at = $2
      WHERE appointment_id = $1`,
    [a.appointmentId, now],
  );
  await releaseSlot(sql, a.slotId);
  await uncountDay(sql, a.doctorId, a.localDate);
  await refundToWallet(sql, a.userId, a.walletAmount, a.appointmentId, `failed ${a.appointmentNumber}`);
  await afterBooking.freed(sql, tenant, { doctorId: a.doctorId, localDate: a.localDate, slotId: a.slotId });
};
