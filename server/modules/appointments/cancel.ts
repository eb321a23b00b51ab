import {
  ACTIVE_APPOINTMENT_STATUSES,
  AppointmentStatus,
  PaymentMethod,
  PaymentStatus,
  type CANCELLED_BY,
} from '../../../schemas/codes';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { PaymentService } from '../../services/payments/index';
import { creditWallet } from '../wallet/index';
import { afterBooking } from './after-booking';
import { lockAppointment, type LockedAppointment } from './appointment-lock';
import { cancelRefusal } from './change-rules';
import { giveBackBenefit } from './package-benefit';
import { releaseSlot, uncountDay } from './slot-ledger';

export type CancelledBy = (typeof CANCELLED_BY)[number];

export interface CancelOptions {
  by: CancelledBy;
  reason: string;
  remark: string;
  now: Date;
  payments?: PaymentService | undefined;
}

/**
 * Where the money of a cancelled appointment goes and its new payment status: the wallet part
 * back to the wallet; a completed online payment to the wallet (booking.refundTo 'wallet' and the
 * wallet feature on) or through the provider; a pending online payment cancelled.
 */
async function settleMoney(
  sql: Sql,
  tenant: TenantConfig,
  a: LockedAppointment,
  o: CancelOptions,
): Promise<{ status: number; amount: number; to: 'wallet' | 'bank' | null }> {
  let refunded = false;
  let amount = 0;
  let to: 'wallet' | 'bank' | null = null;
  if (a.walletAmount > 0) {
    await creditWallet(sql, 'refund', {
      userId: a.userId,
      amount: a.walletAmount,
      appointmentId: a.appointmentId,
      description: `cancel ${a.appointmentNumber}`,
    });
    refunded = true;
    amount += a.walletAmount;
    to = 'wallet';
  }
  const paidOnline =
    a.paymentMethod === PaymentMethod.PayOnline &&
    a.paymentStatus === PaymentStatus.Completed &&
    a.finalPrice > 0;
  if (paidOnline) {
    const toWallet = tenant.booking.refundTo === 'wallet' && tenant.features.wallet !== false;
    if (toWallet) {
      await creditWallet(sql, 'refund', {
        userId: a.userId,
        amount: a.finalPrice,
        appointmentId: a.appointmentId,
        description: `cancel ${a.appointmentNumber}`,
      });
    } else {
      if (!o.payments) throw new ApiError(502, 'refund_failed');
      const r = await o.payments.refund(sql, tenant, {
        appointmentId: a.appointmentId,
        amount: a.finalPrice,
        reason: o.reason,
        requestedBy: o.by === 'patient' ? String(a.userId) : o.by,
      });
      if (!r.ok) throw new ApiError(502, 'refund_failed');
    }
    refunded = true;
    amount += a.finalPrice;
    to = toWallet ? 'wallet' : 'bank';
  } else if (a.paymentMethod === PaymentMethod.PayOnline && a.paymentStatus === PaymentStatus.Pending) {
    await o.payments?.cancelPending(sql, a.appointmentId);
  }
  const status = refunded
    ? PaymentStatus.Refunded
    : a.paymentStatus === PaymentStatus.Pending
      ? PaymentStatus.Cancelled
      : a.paymentStatus;
  return { status, amount, to };
}

/** Cancels a locked active appointment: status Cancelled, places given back, money settled. */
export async function cancelLocked(sql: Sql, tenant: TenantConfig, a: LockedAppointment, o: CancelOptions) {
  const money = await settleMoney(sql, tenant, a, o);
  await sql.query(
    `UPDATE appointments SET status = ${AppointmentStatus.Cancelled}, payment_status = $2, cancelled_by = $3, cancel_reason = $4,
            cancel_remark = $5, cancelled_at = $6, hold_expires_at = NULL, updated_at = $6
      WHERE appointment_id = $1`,
    [a.appointmentId, money.status, o.by, o.reason, o.remark, o.now.toISOString()],
  );
  await releaseSlot(sql, a.slotId);
  await uncountDay(sql, a.doctorId, a.localDate);
  await giveBackBenefit(sql, a.appointmentId);
  await afterBooking.cancelled(sql, tenant, a.appointmentId, {
    by: o.by,
    reason: o.reason,
    refunded: money.amount,
    refundTo: money.to,
  });
  await afterBooking.freed(sql, tenant, { doctorId: a.doctorId, localDate: a.localDate, slotId: a.slotId });
}

/** CancelAppintment by the patient: theirs (else 404), active, and before the tenant's limit. */
export async function cancelByPatient(
  sql: Sql,
  tenant: TenantConfig,
  userId: number,
  appointmentId: number,
  o: Omit<CancelOptions, 'by'>,
): Promise<void> {
  const a = await lockAppointment(sql, appointmentId, userId);
  if (!a) throw new ApiError(404, 'appointment_error');
  const refusal = cancelRefusal(tenant, a, o.now);
  if (refusal) throw new ApiError(409, 'cancel_not_allowed', [refusal]);
  await cancelLocked(sql, tenant, a, { ...o, by: 'patient' });
}

/**
 * The operator side: the doctor, the hospital or the system cancels an appointment (no time
 * limit). Returns false when there is no such active appointment in the tenant.
 */
export async function cancelAppointmentBy(
  sql: Sql,
  tenant: TenantConfig,
  appointmentId: number,
  by: Exclude<CancelledBy, 'patient'>,
  reason: string,
  options: { now?: Date; payments?: PaymentService; remark?: string } = {},
): Promise<boolean> {
  const a = await lockAppointment(sql, appointmentId);
  if (!a || !ACTIVE_APPOINTMENT_STATUSES.includes(a.status as AppointmentStatus)) return false;
  await cancelLocked(sql, tenant, a, {
    by,
    reason,
    remark: options.remark ?? '',
    now: options.now ?? new Date(),
    payments: options.payments,
  });
  return true;
}
