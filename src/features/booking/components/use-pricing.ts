import { useFeature } from '../../../tenant/tenant-context';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import { useDirectCallsOfUserQuery } from '../../direct-call';
import { useProductCheckQuery } from '../../promotions';
import { useWalletBalanceQuery } from '../../wallet';
import { readUser } from '../../../lib/user-storage';
import { useBookingPriceQuery, usePromoQuoteQuery, useWalletQuoteQuery, type PriceQuote } from '../api';
import { bookingFailure } from '../booking-errors';
import { offeredPaymentMethods, type BookingParams } from '../booking-params';

/**
 * What the patient pays: CheckPriceOfAppointment, then the promo code's quote
 * (PromoCodes/ApplyPromoCode) when one is applied, then the wallet's (ApplyWalletBalance) when
 * the wallet has a balance and something is left to pay; and the payment methods that price allows.
 * A held membership package with free appointments left can pay the whole price instead (the
 * server checks it again at MakeAppointment: userPackageId).
 */
export function usePricing(params: BookingParams, enabled: boolean) {
  const rules = useBookingRules();
  const promoOn = useFeature('promoCodes');
  const walletOn = useFeature('wallet');
  const feeGuarantee = useFeature('hospitalFeeGuarantee');
  const doctorId = params.doctorId ?? 0;
  const serviceTypeId = params.serviceType ?? 0;
  const price = useBookingPriceQuery({ doctorId, serviceTypeId }, { skip: !enabled });
  const membershipOn = useFeature('membership');
  const userId = Number(readUser()?.userId) || 0;
  const held = useDirectCallsOfUserQuery(
    { userId, pageNumber: 1 },
    { skip: !enabled || !membershipOn || !userId },
  );
  const freePackage =
    held.data?.packages.find(
      (p) => p.kind === 'membership' && p.status !== 'expired' && p.freeAppointmentsLeft > 0,
    ) ?? null;
  const gifts = useProductCheckQuery({ doctorId, serviceTypeId }, { skip: !enabled || !promoOn || !userId });
  const giftId = gifts.data?.userProductIds[0] ?? null;
  const useGift = giftId !== null && params.gift === giftId;
  const useFree = (!!freePackage && params.pkg === freePackage.userPackageId) || useGift;
  const promo = usePromoQuoteQuery(
    { doctorId, serviceTypeId, promoCode: params.promo ?? '' },
    { skip: !enabled || !promoOn || !params.promo },
  );
  const promoApplied = params.promo && promo.isSuccess && !promo.isFetching ? params.promo : null;
  const balance = useWalletBalanceQuery(undefined, { skip: !enabled || !walletOn });
  const base: PriceQuote | null =
    promoApplied && promo.data
      ? promo.data
      : price.data
        ? {
            price: price.data.price,
            discount: price.data.discount,
            walletAmount: 0,
            walletBalance: 0,
            finalPrice: price.data.finalPrice,
            promoCode: null,
            promoRule: null,
            coveredBy: null,
          }
        : null;
  // The wallet is asked for a quote only when it could pay something: a balance and a price left
  // to pay (else ApplyWalletBalance refuses with wallet_not_eligible, on every visit).
  const walletUsable = (balance.data?.balance ?? 0) > 0 && (base?.finalPrice ?? 0) > 0;
  const wallet = useWalletQuoteQuery(
    { doctorId, serviceTypeId, ...(promoApplied ? { promoCode: promoApplied } : {}) },
    { skip: !enabled || !walletOn || !walletUsable || (!!params.promo && promo.isFetching) },
  );
  const walletEligible =
    walletOn && walletUsable && !!wallet.data && !wallet.isError && wallet.data.walletAmount > 0;
  const useWallet = params.wallet && walletEligible && !useFree;
  const covered: PriceQuote | null =
    useFree && price.data
      ? {
          ...base!,
          price: price.data.price,
          discount: price.data.price,
          walletAmount: 0,
          finalPrice: 0,
          promoCode: null,
          promoRule: null,
          coveredBy: useGift ? 'product' : 'membership',
        }
      : null;
  const quote = covered ?? (useWallet && wallet.data ? wallet.data : base);
  const finalPrice = quote?.finalPrice ?? 0;
  return {
    quote,
    ready: !!quote && !promo.isFetching,
    priceError: price.isError,
    retryPrice: () => void price.refetch(),
    promoOn,
    promoApplied,
    promoChecking: promo.isFetching,
    promoFailure: params.promo && promo.isError ? bookingFailure(promo.error) : null,
    walletOn,
    walletEligible: walletEligible && !useFree,
    freePackage,
    giftId,
    useGift,
    useFree,
    walletQuote: wallet.data ?? null,
    useWallet,
    methods: offeredPaymentMethods(rules, { hospitalFeeGuarantee: feeGuarantee }, finalPrice),
  };
}

export type Pricing = ReturnType<typeof usePricing>;
