import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import type { PaymentService, PurchaseSettlementHandler } from '../../services/payments/index';
import { paths } from '../../../schemas/paths';
import { notify } from '../messages/index';
import { creditWallet } from '../wallet/index';
import { fulfil } from './holding';
import { productOf } from './products';
import { lockPurchase, type PurchaseRow } from './repository';
import { purchasesClock } from './clock';

/**
 * Marks a purchase paid and gives the user what it bought (same transaction). A purchase that
 * lapsed while the bank took the money is fulfilled too: a package is never scarce, so the user
 * gets what they paid for rather than a refund to chase.
 */
export async function completePurchase(
  sql: Sql,
  tenant: TenantConfig,
  purchase: PurchaseRow,
  now: Date,
): Promise<void> {
  const lang = tenant.languages.default;
  // The package as it is now (its price was taken at checkout); one no longer on sale is still given.
  const product = await productOf(sql, purchase.package_type, purchase.package_id, lang, {
    includeRetired: true,
  });
  if (!product) throw new Error(`purchase ${purchase.purchase_id}: package ${purchase.package_id} is gone`);
  const { effect, userPackageId } = await fulfil(sql, {
    userId: purchase.user_id,
    product,
    purchaseId: purchase.purchase_id,
    now,
    iomtCallMinutes: tenant.directCall.iomtCallMinutes,
  });
  await sql.query(
    `UPDATE purchases SET status = 'paid', effect = $2, user_package_id = $3, paid_at = $4,
            settled_at = coalesce(settled_at, $4), hold_expires_at = NULL
      WHERE purchase_id = $1`,
    [purchase.purchase_id, effect, userPackageId, now],
  );
  await notify(sql, tenant, {
    event: 'package-purchased',
    userId: purchase.user_id,
    key: `package-purchased:${purchase.purchase_id}`,
    values: {
      packageName: purchase.name,
      amount: Number(purchase.amount),
      path: purchase.package_type === 'membership' ? paths.membership : paths.servicePackages,
    },
    notificationValues: { PurchaseId: purchase.purchase_id },
    now,
  });
}

/** Ends a pending purchase without fulfilling it (failed at the bank, or its hold lapsed): the wallet part goes back. */
async function closePurchase(
  sql: Sql,
  purchase: PurchaseRow,
  status: 'failed' | 'cancelled',
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE purchases SET status = $2, settled_at = $3, hold_expires_at = NULL WHERE purchase_id = $1`,
    [purchase.purchase_id, status, now],
  );
  await creditWallet(sql, 'refund', {
    userId: purchase.user_id,
    amount: Number(purchase.wallet_amount),
    purchaseId: purchase.purchase_id,
    description: `${status} ${purchase.name}`,
  });
}

/**
 * The payments module calls this inside the IPN's transaction once a callback about a purchase's
 * payment is verified. paid: fulfilled (pending, or lapsed meanwhile). failed: a pending purchase
 * fails and its wallet part is refunded. Anything else (already paid, already failed) changes
 * nothing, so a replayed callback is harmless.
 */
export const settlePurchasePayment: PurchaseSettlementHandler = async (sql, tenant, settlement) => {
  const purchase = await lockPurchase(sql, settlement.purchaseId);
  if (!purchase) throw new Error(`settlement: purchase ${settlement.purchaseId} not found`);
  const now = purchasesClock.now();
  if (settlement.outcome === 'paid') {
    if (purchase.status === 'pending' || purchase.status === 'cancelled')
      await completePurchase(sql, tenant, purchase, now);
    return;
  }
  if (purchase.status === 'pending') await closePurchase(sql, purchase, 'failed', now);
};

/**
 * Pending purchases whose hold ran out (the bank page left open or abandoned): cancelled, their
 * pending payment cancelled, their wallet part refunded. `userId` limits it to one user (lazily,
 * before a checkout). Rows are locked and skipped when another run holds them, so one lapse
 * happens once.
 */
export async function expireLapsedPurchases(
  sql: Sql,
  now: Date,
  payments: Pick<PaymentService, 'cancelPendingPurchase'>,
  userId?: number,
): Promise<number> {
  const { rows } = await sql.query<{ purchase_id: number }>(
    `SELECT purchase_id::int AS purchase_id FROM purchases
      WHERE status = 'pending' AND hold_expires_at <= $1 ${userId !== undefined ? 'AND user_id = $2' : ''}
      ORDER BY purchase_id LIMIT 500 FOR UPDATE SKIP LOCKED`,
    userId !== undefined ? [now, userId] : [now],
  );
  for (const { purchase_id } of rows) {
    const purchase = (await lockPurchase(sql, purchase_id))!;
    await closePurchase(sql, purchase, 'cancelled', now);
    await payments.cancelPendingPurchase(sql, purchase_id);
  }
  return rows.length;
}

/** Supersedes the user's pending checkout of the same package (a second press after leaving the bank page). */
export async function supersedePending(
  sql: Sql,
  input: { userId: number; type: string; packageId: number; now: Date },
  payments: Pick<PaymentService, 'cancelPendingPurchase'>,
): Promise<void> {
  const { rows } = await sql.query<{ purchase_id: number }>(
    `SELECT purchase_id::int AS purchase_id FROM purchases
      WHERE user_id = $1 AND package_type = $2 AND package_id = $3 AND status = 'pending' FOR UPDATE`,
    [input.userId, input.type, input.packageId],
  );
  for (const { purchase_id } of rows) {
    await closePurchase(sql, (await lockPurchase(sql, purchase_id))!, 'cancelled', input.now);
    await payments.cancelPendingPurchase(sql, purchase_id);
  }
}
