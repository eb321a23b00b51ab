import type { Sql } from '../../db/database';
import type { Product } from './products';

/** What buying a product does to what the user holds (schemas/purchases.ts, renewal and upgrade). */
export type Effect = 'new' | 'renewal' | 'upgrade';

/** The membership package a user holds now, with its price (for the upgrade rule). */
export interface HeldMembership {
  user_package_id: number;
  membership_package_id: number;
  price: number;
  calls_left: number;
  free_appointments_left: number;
}

/**
 * Locks the buyer's row: one checkout or settlement of a user at a time, so each reads what the
 * one before committed (and two purchases settle one after the other even when nothing is held).
 */
export async function lockBuyer(sql: Sql, userId: number): Promise<void> {
  await sql.query('SELECT 1 FROM users WHERE user_id = $1 FOR NO KEY UPDATE', [userId]);
}

/**
 * The user's membership package valid now (the one that lasts longest), locked when `lock`: a
 * renewal or an upgrade changes it. The user's row is locked first, so two purchases of one user
 * settle one after the other even when the user holds nothing yet.
 */
export async function heldMembership(
  sql: Sql,
  userId: number,
  now: Date,
  lock: boolean,
): Promise<HeldMembership | null> {
  if (lock) await lockBuyer(sql, userId);
  const { rows } = await sql.query<HeldMembership>(
    `SELECT up.user_package_id, up.membership_package_id, m.price, up.calls_left, up.free_appointments_left
       FROM user_packages up JOIN membership_packages m USING (membership_package_id)
      WHERE up.user_id = $1 AND up.starts_at <= $2 AND up.expires_at > $2
      ORDER BY up.expires_at DESC, up.user_package_id DESC LIMIT 1 ${lock ? 'FOR UPDATE OF up' : ''}`,
    [userId, now],
  );
  const r = rows[0];
  return r ? { ...r, price: Number(r.price) } : null;
}

/**
 * The rule for a membership package bought while `held` is valid: the same package renews, a
 * dearer one upgrades, a cheaper or equally priced other one is refused at checkout
 * ('downgrade'). Nothing held: new.
 */
export function membershipEffect(held: HeldMembership | null, product: Product): Effect | 'downgrade' {
  if (!held) return 'new';
  if (held.membership_package_id === product.id) return 'renewal';
  return product.price > held.price ? 'upgrade' : 'downgrade';
}

/**
 * Gives the user what a paid purchase bought, inside the settling transaction:
 * - membership: new (a package from now), renewal (the term held grows by the package's months and
 *   its calls and free appointments are added), upgrade (the held package ends now and its unused
 *   calls and free appointments move to the new one, which starts now). A downgrade that became
 *   paid (the held package changed while the bank page was open) is held beside the other: the
 *   user has what they paid for.
 * - iomt: the same package held now is extended from its end; otherwise a new package.
 * - healthProgram: the user joins the program (joining twice changes nothing).
 * @returns the effect and the user package it created or changed (null for a program)
 */
export async function fulfil(
  sql: Sql,
  input: { userId: number; product: Product; purchaseId: number; now: Date; iomtCallMinutes: number },
): Promise<{ effect: Effect; userPackageId: number | null }> {
  const { userId, product, now } = input;
  if (product.type === 'healthProgram') {
    const { rows } = await sql.query(
      `INSERT INTO user_health_programs (user_id, health_program_id, source, purchase_id, joined_at)
       VALUES ($1, $2, 'purchase', $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, product.id, input.purchaseId, now],
    );
    return { effect: rows.length ? 'new' : 'renewal', userPackageId: null };
  }
  if (product.type === 'iomt') {
    await lockBuyer(sql, userId);
    const { rows } = await sql.query<{ user_package_id: number }>(
      `UPDATE user_packages SET expires_at = expires_at + make_interval(months => $3)
        WHERE user_package_id = (SELECT user_package_id FROM user_packages
                                  WHERE user_id = $1 AND iomt_package_id = $2 AND starts_at <= $4 AND expires_at > $4
                                  ORDER BY expires_at DESC LIMIT 1)
        RETURNING user_package_id`,
      [userId, product.id, product.months, now],
    );
    if (rows[0]) return { effect: 'renewal', userPackageId: rows[0].user_package_id };
    return {
      effect: 'new',
      userPackageId: await insertPackage(sql, input, { calls: null, freeAppointments: 0 }),
    };
  }
  const held = await heldMembership(sql, userId, now, true);
  const effect = membershipEffect(held, product);
  if (held && effect === 'renewal') {
    await sql.query(
      `UPDATE user_packages SET expires_at = expires_at + make_interval(months => $2),
              calls_total = calls_total + $3, calls_left = calls_left + $3,
              free_appointments_total = free_appointments_total + $4, free_appointments_left = free_appointments_left + $4
        WHERE user_package_id = $1`,
      [held.user_package_id, product.months, product.calls, product.freeAppointments],
    );
    return { effect, userPackageId: held.user_package_id };
  }
  if (held && effect === 'upgrade') {
    await sql.query(
      `UPDATE user_packages SET expires_at = greatest($2::timestamptz, starts_at + interval '1 millisecond'),
              calls_left = 0, free_appointments_left = 0
        WHERE user_package_id = $1`,
      [held.user_package_id, now],
    );
    const userPackageId = await insertPackage(sql, input, {
      calls: product.calls + held.calls_left,
      freeAppointments: product.freeAppointments + held.free_appointments_left,
    });
    return { effect, userPackageId };
  }
  const userPackageId = await insertPackage(sql, input, {
    calls: product.calls,
    freeAppointments: product.freeAppointments,
  });
  return { effect: 'new', userPackageId };
}

async function insertPackage(
  sql: Sql,
  input: { userId: number; product: Product; now: Date; iomtCallMinutes: number },
  grant: { calls: number | null; freeAppointments: number },
): Promise<number> {
  const { product } = input;
  const { rows } = await sql.query<{ user_package_id: number }>(
    `INSERT INTO user_packages (user_id, membership_package_id, iomt_package_id, calls_total, calls_left,
       free_appointments_total, free_appointments_left, call_minutes, starts_at, expires_at, source, created_at)
     SELECT $1, $2, $3, $4, $4, $5, $5, coalesce(
              (SELECT call_duration_minutes FROM membership_packages WHERE membership_package_id = $2), $6),
            $7, $7::timestamptz + make_interval(months => $8), 'purchase', $7
     RETURNING user_package_id`,
    [
      input.userId,
      product.type === 'membership' ? product.id : null,
      product.type === 'iomt' ? product.id : null,
      grant.calls,
      grant.freeAppointments,
      input.iomtCallMinutes,
      input.now,
      product.months,
    ],
  );
  return rows[0]!.user_package_id;
}
