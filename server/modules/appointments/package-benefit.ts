import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { giveBackUserProduct, spendUserProduct, usableProductsFor } from '../promotions/index';

/**
 * What pays a whole booking instead of the patient. Free appointments of a membership package (spec section 3 "Member package": free appointments):
 * a booking that names the package (MakeAppointment userPackageId) costs nothing and takes one;
 * cancelling that appointment gives it back. The count lives on the package the user holds
 * (user_packages, migration 035); a conditional UPDATE spends it, so two bookings at once cannot
 * both spend the last one.
 */

/** Checks that the user holds the package, valid now, with a free appointment left (for the price quote). */
export async function checkFreeAppointment(
  sql: Sql,
  userId: number,
  userPackageId: number,
  now: Date,
): Promise<void> {
  const { rows } = await sql.query<{ valid: boolean; left: number }>(
    `SELECT starts_at <= $3 AND expires_at > $3 AS valid, free_appointments_left AS left
       FROM user_packages WHERE user_package_id = $1 AND user_id = $2 AND membership_package_id IS NOT NULL`,
    [userPackageId, userId, now],
  );
  const held = rows[0];
  if (!held) throw new ApiError(404, 'user_not_join');
  if (!held.valid) throw new ApiError(409, 'package_expired');
  if (held.left <= 0) throw new ApiError(409, 'free_appointments_used_up');
}

/** Takes one free appointment of the package for the appointment (same transaction as the booking). */
export async function spendFreeAppointment(
  sql: Sql,
  input: { userPackageId: number; appointmentId: number; now: Date },
): Promise<void> {
  const { rows } = await sql.query(
    `UPDATE user_packages SET free_appointments_left = free_appointments_left - 1
      WHERE user_package_id = $1 AND free_appointments_left > 0 AND expires_at > $2 RETURNING 1`,
    [input.userPackageId, input.now],
  );
  if (!rows.length) throw new ApiError(409, 'free_appointments_used_up');
  await sql.query('UPDATE appointments SET user_package_id = $2 WHERE appointment_id = $1', [
    input.appointmentId,
    input.userPackageId,
  ]);
}

/** Gives the free appointment back to its package when its appointment is cancelled (once: cancel happens once). */
export async function giveBackFreeAppointment(sql: Sql, appointmentId: number): Promise<void> {
  await sql.query(
    `UPDATE user_packages up SET free_appointments_left = up.free_appointments_left + 1
       FROM appointments a
      WHERE a.appointment_id = $1 AND a.user_package_id = up.user_package_id
        AND up.free_appointments_left < up.free_appointments_total`,
    [appointmentId],
  );
}

/**
 * A free consultation from the wallet of products (an activated product code, the promotions
 * module): checks for the price quote that the user holds it unspent and that it applies to the
 * doctor and service type.
 */
export async function checkFreeConsultation(
  sql: Sql,
  userId: number,
  userProductId: number,
  target: { doctorId: number; serviceTypeId: number },
): Promise<void> {
  const usable = await usableProductsFor(sql, {
    userId,
    target: { kind: 'appointment', doctorId: target.doctorId, serviceTypeId: target.serviceTypeId },
  });
  if (!usable.some((p) => p.userProductId === userProductId))
    throw new ApiError(409, 'product_not_applicable');
}

/** Spends the product on the appointment (same transaction as the booking; once: it locks the product). */
export async function spendFreeConsultation(
  sql: Sql,
  input: {
    userId: number;
    userProductId: number;
    appointmentId: number;
    doctorId: number;
    serviceTypeId: number;
    now: Date;
  },
): Promise<void> {
  await spendUserProduct(sql, {
    userId: input.userId,
    userProductId: input.userProductId,
    on: {
      kind: 'appointment',
      appointmentId: input.appointmentId,
      doctorId: input.doctorId,
      serviceTypeId: input.serviceTypeId,
    },
    now: input.now,
  });
}

/** A cancelled appointment gives back what paid for it: its free appointment or its product. */
export async function giveBackBenefit(sql: Sql, appointmentId: number): Promise<void> {
  await giveBackFreeAppointment(sql, appointmentId);
  await giveBackUserProduct(sql, { appointmentId });
}
