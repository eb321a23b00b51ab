import { PaymentMethod } from '../../../schemas/codes';
import type { FeatureKey } from '../../../schemas/features';
import type { CheckoutRequest, CheckoutResult, PackageType } from '../../../schemas/purchases';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { PaymentService } from '../../services/payments/index';
import { spendUserProduct } from '../promotions/index';
import { debitWallet, walletBalance } from '../wallet/index';
import { heldMembership, lockBuyer, membershipEffect } from './holding';
import { productOf } from './products';
import { lockPurchase } from './repository';
import { completePurchase, expireLapsedPurchases, supersedePending } from './settlement';

/** The feature a package type is sold under (tenant.json features). */
export const FEATURE_OF: Record<PackageType, FeatureKey> = {
  membership: 'membership',
  iomt: 'iomt',
  healthProgram: 'healthPrograms',
};

export interface CheckoutInput {
  userId: number;
  request: CheckoutRequest;
  lang: LanguageCode;
  ipAddr: string;
  origin: string;
  now: Date;
}

/**
 * One press of "buy" (POST /Payments/CallDiriectCheckoutRequest), inside the buyer's tenant
 * transaction: the package's price now, the renewal/upgrade rule, then payment: the wallet first
 * when asked (the ledger refuses an overdraft, so concurrent checkouts cannot spend one balance
 * twice), the rest at the bank with a hold, or nothing when nothing is left to pay, in which case
 * the package is given at once.
 */
export async function checkout(
  sql: Sql,
  tenant: TenantConfig,
  payments: PaymentService,
  input: CheckoutInput,
): Promise<CheckoutResult> {
  const { userId, request, now } = input;
  const type = request.packageType ?? 'membership';
  if (!tenant.features[FEATURE_OF[type]]) throw new ApiError(404, 'package_not_found');
  const product = await productOf(sql, type, request.packageId, input.lang);
  if (!product) throw new ApiError(404, 'package_not_found');
  // One checkout of a user at a time: the rules below read what the user holds and has pending,
  // and a press that waits here sees what the one before it committed.
  await lockBuyer(sql, userId);
  if (
    type === 'membership' &&
    membershipEffect(await heldMembership(sql, userId, now, false), product) === 'downgrade'
  )
    throw new ApiError(409, 'package_downgrade_not_allowed');
  if (type === 'healthProgram' && (await joinedProgram(sql, userId, product.id)))
    throw new ApiError(409, 'program_already_joined');

  await expireLapsedPurchases(sql, now, payments, userId);
  await supersedePending(sql, { userId, type, packageId: product.id, now }, payments);

  // A product from the wallet of products pays it all; else the wallet first when asked, then the bank.
  const byProduct = request.userProductId !== undefined;
  const walletOn = !byProduct && tenant.features.wallet !== false && request.useWallet === true;
  const walletAmount = walletOn ? Math.min(product.price, await walletBalance(sql, userId)) : 0;
  const bankAmount = byProduct ? 0 : product.price - walletAmount;
  if (request.paymentMethod === PaymentMethod.FreeOfConsultation && bankAmount > 0)
    throw new ApiError(400, 'payment_method_not_allowed');

  const holdExpiresAt = new Date(now.getTime() + tenant.booking.holdMinutes * 60_000);
  const { rows } = await sql.query<{ purchase_id: number }>(
    `INSERT INTO purchases (user_id, package_type, package_id, name, amount, wallet_amount, paid_by_product, status,
       hold_expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) RETURNING purchase_id::int AS purchase_id`,
    [userId, type, product.id, product.name, product.price, walletAmount, byProduct, holdExpiresAt, now],
  );
  const purchaseId = rows[0]!.purchase_id;
  if (byProduct)
    await spendUserProduct(sql, {
      userId,
      userProductId: request.userProductId!,
      on: { kind: 'purchase', purchaseId, packageType: type, packageId: product.id },
      now,
    });
  if (!(await debitWallet(sql, { userId, amount: walletAmount, purchaseId, description: product.name })))
    throw new ApiError(400, 'wallet_not_eligible');

  const result = { purchaseId, walletAmount, amount: product.price };
  if (bankAmount === 0) {
    await completePurchase(sql, tenant, (await lockPurchase(sql, purchaseId))!, now);
    return { ...result, status: 'paid', paymentUrl: null };
  }
  try {
    const { paymentUrl } = await payments.start(sql, tenant, {
      purchaseId,
      amount: bankAmount,
      orderInfo: `PU${purchaseId} ${product.name}`,
      ipAddr: input.ipAddr,
      expiresAt: holdExpiresAt,
      locale: input.lang,
      origin: input.origin,
    });
    return { ...result, status: 'pending', paymentUrl };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const failed = new ApiError(502, 'payment_error');
    failed.cause = error;
    throw failed;
  }
}

async function joinedProgram(sql: Sql, userId: number, programId: number): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM user_health_programs WHERE user_id = $1 AND health_program_id = $2',
    [userId, programId],
  );
  return rows.length > 0;
}
