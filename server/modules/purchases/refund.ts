import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import type { PaymentService } from '../../services/payments/index';
import { giveBackUserProduct } from '../promotions/index';
import { creditWallet } from '../wallet/index';
import { lockPurchase } from './repository';

export type RefundOutcome =
  { ok: true; bank: number; wallet: number; product: boolean } | { ok: false; problem: string };

/**
 * Refunds a paid purchase on the hospital's word (`npm run admin -- purchases refund`): the bank
 * part through the payment provider (the same signed refund as a booking's), the wallet part back
 * to the wallet, a product back to the wallet of products. What the purchase gave ends now: the
 * package it granted, renewed or upgraded to stops today with nothing left on it (a renewal is
 * not undone month by month: the operator grants again what the patient keeps), a program is
 * left. Once: the purchase moves to 'refunded' under its row lock.
 */
export async function refundPurchase(
  sql: Sql,
  tenant: TenantConfig,
  payments: Pick<PaymentService, 'refund'>,
  input: { purchaseId: number; reason: string; by: string; now: Date },
): Promise<RefundOutcome> {
  const purchase = await lockPurchase(sql, input.purchaseId);
  if (!purchase) return { ok: false, problem: `no purchase ${input.purchaseId} on ${tenant.code}` };
  if (purchase.status !== 'paid')
    return { ok: false, problem: `purchase ${input.purchaseId} is ${purchase.status}, not paid` };
  const wallet = Number(purchase.wallet_amount);
  const bank = purchase.paid_by_product ? 0 : Number(purchase.amount) - wallet;
  if (bank > 0) {
    const refunded = await payments.refund(sql, tenant, {
      purchaseId: purchase.purchase_id,
      amount: bank,
      reason: input.reason,
      requestedBy: input.by,
    });
    if (!refunded.ok) return { ok: false, problem: `the provider refused the refund: ${refunded.code}` };
  }
  await creditWallet(sql, 'refund', {
    userId: purchase.user_id,
    amount: wallet,
    purchaseId: purchase.purchase_id,
    description: `refund ${purchase.name}`,
  });
  if (purchase.paid_by_product) await giveBackUserProduct(sql, { purchaseId: purchase.purchase_id });
  if (purchase.user_package_id !== null)
    await sql.query(
      `UPDATE user_packages SET expires_at = greatest($2::timestamptz, starts_at + interval '1 millisecond'),
              calls_left = CASE WHEN calls_left IS NULL THEN NULL ELSE 0 END, free_appointments_left = 0
        WHERE user_package_id = $1 AND tenant_id = current_tenant()`,
      [purchase.user_package_id, input.now],
    );
  if (purchase.package_type === 'healthProgram')
    await sql.query(
      'DELETE FROM user_health_programs WHERE purchase_id = $1 AND tenant_id = current_tenant()',
      [purchase.purchase_id],
    );
  await sql.query(
    `UPDATE purchases SET status = 'refunded' WHERE purchase_id = $1 AND tenant_id = current_tenant()`,
    [purchase.purchase_id],
  );
  return { ok: true, bank, wallet, product: purchase.paid_by_product };
}
