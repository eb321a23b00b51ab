import type { PriceQuote } from '../../../schemas/appointments';
import type { PromoRule } from '../../../schemas/discovery';
import type { FeatureKey } from '../../../schemas/features';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { walletBalance as walletBalanceOf } from '../wallet/index';
import { checkFreeAppointment, checkFreeConsultation } from './package-benefit';

export interface QuoteInput {
  /** The tenant's switched-on features (service types, promo codes and wallet follow them). */
  features: readonly FeatureKey[];
  doctorId: number;
  serviceTypeId: number;
  promoCode?: string | undefined;
  useWallet?: boolean | undefined;
  /** A membership package of the user whose free appointment pays the whole price. */
  userPackageId?: number | undefined;
  /** A free consultation from the user's wallet of products that pays the whole price. */
  userProductId?: number | undefined;
  /** The signed-in user (wallet balance), if any. */
  userId?: number | null;
  now: Date;
}

export interface Quote extends PriceQuote {
  promoCodeId: number | null;
}

/**
 * The price of one service type at an approved doctor (doctor_prices), or null when the doctor
 * does not offer it or the tenant has the type switched off.
 */
export async function basePrice(
  sql: Sql,
  features: readonly FeatureKey[],
  doctorId: number,
  serviceTypeId: number,
): Promise<number | null> {
  const { rows } = await sql.query<{ price: number }>(
    `SELECT ${priceOfDoctor('$1', '$2', '$3')} AS price FROM doctors d
      WHERE d.doctor_id = $1 AND d.approval_status = 1`,
    [doctorId, serviceTypeId, [...features]],
  );
  return rows[0]?.price == null ? null : Number(rows[0].price);
}

/**
 * basePrice as a scalar subquery over an approved doctor `d`, for reads that fetch more about the
 * doctor in the same round trip (MakeAppointment's booking-checks.ts).
 * @param doctor, serviceType, features SQL parameters ('$1'...) of the doctor, type and features
 */
export const priceOfDoctor = (doctor: string, serviceType: string, features: string) =>
  `(SELECT p.price FROM doctor_prices p JOIN service_types st ON st.service_type_id = p.service_type_id
     WHERE p.doctor_id = ${doctor}::int AND p.service_type_id = ${serviceType}::int
       AND st.feature = ANY(${features}::text[]))`;

/** The discount of a code for a price: discount_percent of it, capped by max_discount when set. */
export function discountOf(price: number, percent: number, maxDiscount: number): number {
  const raw = Math.floor((price * percent) / 100);
  return Math.min(price, maxDiscount > 0 ? Math.min(raw, maxDiscount) : raw);
}

/**
 * The one pricing rule (CheckPriceOfAppointment, ApplyPromoCode, ApplyWalletBalance and
 * MakeAppointment): price - promo discount - wallet amount = finalPrice; a membership package's
 * free appointment (userPackageId) or a free consultation from the wallet of products
 * (userProductId) makes the discount the whole price (no promo, no wallet).
 * Throws 400 service_not_offered, promo_code_invalid (unknown, expired, another doctor's, or the
 * promo feature off), promo_code_wrong_service (another visit kind), promo_code_min_amount (price
 * below the code's minimum) and wallet_not_eligible (wallet off, no balance, or nothing left to pay).
 */
export async function quotePrice(sql: Sql, input: QuoteInput): Promise<Quote> {
  return quoteFromPrice(sql, input, {
    price: await basePrice(sql, input.features, input.doctorId, input.serviceTypeId),
  });
}

/**
 * quotePrice for a base price read already (null: the doctor does not offer the type) and, when
 * given, the caller's wallet balance read with it (else it is read here).
 */
export async function quoteFromPrice(
  sql: Sql,
  input: QuoteInput,
  read: { price: number | null; walletBalance?: number },
): Promise<Quote> {
  const { price } = read;
  if (price === null) throw new ApiError(400, 'service_not_offered');
  const balanceOf = (userId: number) => read.walletBalance ?? walletBalanceOf(sql, userId);
  if (input.userPackageId !== undefined || input.userProductId !== undefined) {
    if (input.userPackageId !== undefined && input.userProductId !== undefined)
      throw new ApiError(409, 'product_not_applicable');
    if (!input.userId) throw new ApiError(404, 'user_not_join');
    if (input.userPackageId !== undefined)
      await checkFreeAppointment(sql, input.userId, input.userPackageId, input.now);
    else await checkFreeConsultation(sql, input.userId, input.userProductId!, input);
    const walletBalance = input.features.includes('wallet') ? await balanceOf(input.userId) : 0;
    if (input.useWallet) throw new ApiError(400, 'wallet_not_eligible');
    return {
      price,
      discount: price,
      walletAmount: 0,
      walletBalance,
      finalPrice: 0,
      promoCode: null,
      promoRule: null,
      promoCodeId: null,
      coveredBy: input.userPackageId !== undefined ? 'membership' : 'product',
    };
  }

  let discount = 0;
  let promoCode: string | null = null;
  let promoCodeId: number | null = null;
  let promoRule: PromoRule | null = null;
  const code = input.promoCode?.trim();
  if (code) {
    if (!input.features.includes('promoCodes')) throw new ApiError(400, 'promo_code_invalid');
    const { rows } = await sql.query<{
      promo_code_id: number;
      code: string;
      discount_percent: number;
      max_discount: number;
      min_amount: number;
      service_type_ids: number[] | null;
      expires_at: Date | string;
    }>(
      `SELECT promo_code_id, code, discount_percent, max_discount, min_amount, service_type_ids, expires_at
         FROM promo_codes
        WHERE upper(code) = upper($1) AND expires_at > $2 AND (doctor_id IS NULL OR doctor_id = $3)`,
      [code, input.now.toISOString(), input.doctorId],
    );
    const promo = rows[0];
    if (!promo) throw new ApiError(400, 'promo_code_invalid');
    // The rule the offer shows is the rule applied (offer detail, home card, price step).
    if (promo.service_type_ids && !promo.service_type_ids.includes(input.serviceTypeId))
      throw new ApiError(400, 'promo_code_wrong_service');
    if (price < promo.min_amount) throw new ApiError(400, 'promo_code_min_amount');
    discount = discountOf(price, promo.discount_percent, promo.max_discount);
    promoCode = promo.code;
    promoCodeId = promo.promo_code_id;
    promoRule = {
      discountPercent: promo.discount_percent,
      maxDiscount: promo.max_discount,
      minAmount: promo.min_amount,
      serviceTypeIds: promo.service_type_ids,
      expiresAt: new Date(promo.expires_at).toISOString(),
    };
  }

  const walletOn = input.features.includes('wallet');
  const walletBalance = walletOn && input.userId ? await balanceOf(input.userId) : 0;
  let walletAmount = 0;
  if (input.useWallet) {
    const left = price - discount;
    if (!walletOn || walletBalance <= 0 || left <= 0) throw new ApiError(400, 'wallet_not_eligible');
    walletAmount = Math.min(walletBalance, left);
  }
  return {
    price,
    discount,
    walletAmount,
    walletBalance,
    finalPrice: price - discount - walletAmount,
    promoCode,
    promoRule,
    promoCodeId,
    coveredBy: null,
  };
}
