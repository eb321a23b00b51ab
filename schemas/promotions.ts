import { Type, type Static } from 'typebox';
import { Pagination, PagingQuery } from './envelope';
import { PromoCode } from './discovery';
import { PACKAGE_TYPES } from './purchases';

/**
 * Promotions contract (spec sections 1, 3 "Promo code", "Referral code", 7 "Promos and wallet" and
 * ManageReferrals, 9). Paths under /api/v1; every reply is the envelope and "-> X" is its `data`.
 *
 * Promo codes (discounts at booking) [promoCodes]
 * GET  /PromoCodes/GetAllPromoCodes?PageNumber=&PageSize=&languageId=  -> PromoCodePage
 *      the tenant's unexpired codes, soonest expiry first.
 *
 * Product codes (a code that gives a product: one free consultation or one package) [promoCodes, auth]
 * POST /PromoCodes/ActivePromotionProductCode  body ActivateProductCodeRequest -> UserProduct
 *      single use: 404 product_code_invalid (unknown, or another tenant's), 409 product_code_used,
 *      409 product_code_expired. Of concurrent activations of one code exactly one succeeds.
 * GET  /PromoCodes/GetListProductCodeInWallet?PageNumber=&PageSize=  -> UserProductPage
 *      the caller's products, unspent first (newest first within each); empty list when none.
 * GET  /PromoCodes/GetDetailPromotionProduct/{id}  -> UserProduct (the caller's own, else 404
 *      product_not_found)
 * GET  /PromoCodes/CheckPromotionProduct?doctorId=&serviceTypeId=  (a consultation)
 *      or ?packageType=&packageId=  (a package) -> ProductCheck: whether the caller holds an unspent
 *      product usable for it, and which. Neither pair: 400 product_check_target.
 *
 * Referral [referral, auth]
 * GET  /ManageReferrals/GetReferralUrl?userId=&deviceType=  -> ReferralLink
 * GET  /ManageReferrals/GetCurrentManageReferral?userId=&deviceType=  -> ReferralSummary
 *      the caller's only: a userId that is not the caller's -> 404 referral_not_found.
 * Registration (Users/CreateUser, CreateUserWithOTP) takes referralId: the inviter's user id or
 * referral code (the link's ?invitedby=).
 */

export const PromoCodeListQuery = Type.Object({
  ...PagingQuery,
  languageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, 'x-message': 'invalid_language' })),
});

export const PromoCodePage = Type.Object({
  promoCodes: Type.Array(PromoCode),
  pagination: Pagination,
});
export type PromoCodePage = Static<typeof PromoCodePage>;

export const PRODUCT_KINDS = ['consultation', ...PACKAGE_TYPES] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** A product code as people type it: letters, digits and dashes (case and spaces ignored). */
export const ActivateProductCodeRequest = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S', 'x-message': 'product_code_required' }),
});
export type ActivateProductCodeRequest = Static<typeof ActivateProductCodeRequest>;

const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

export const UserProduct = Type.Object({
  userProductId: BigId,
  promotionProductId: Type.Integer(),
  code: Type.String(),
  kind: Type.Enum(PRODUCT_KINDS),
  name: Type.String(),
  description: Type.String(),
  /** consultation: the service types it is good for (null: any). */
  serviceTypeIds: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  /** consultation: the one doctor it is good for (null: any). */
  doctorId: NullableInt,
  /** package kinds: the package it gives. */
  packageId: NullableInt,
  activatedAt: Type.String({ format: 'date-time' }),
  spentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  spentOn: Type.Union([Type.Literal('appointment'), Type.Literal('purchase'), Type.Null()]),
  appointmentId: NullableInt,
  purchaseId: NullableInt,
});
export type UserProduct = Static<typeof UserProduct>;

export const UserProductPage = Type.Object({
  userProducts: Type.Array(UserProduct),
  pagination: Pagination,
});
export type UserProductPage = Static<typeof UserProductPage>;

export const UserProductParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'product_not_found' }),
});

export const ProductCheckQuery = Type.Object({
  doctorId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'product_check_target' }),
  ),
  serviceTypeId: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100, 'x-message': 'product_check_target' }),
  ),
  packageType: Type.Optional(Type.Enum(PACKAGE_TYPES, { 'x-message': 'product_check_target' })),
  packageId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'product_check_target' }),
  ),
});
export type ProductCheckQuery = Static<typeof ProductCheckQuery>;

export const ProductCheck = Type.Object({
  isUsable: Type.Boolean(),
  /** The caller's unspent products usable for it, oldest first (the one to spend first). */
  userProductIds: Type.Array(BigId),
});
export type ProductCheck = Static<typeof ProductCheck>;

export const ReferralQuery = Type.Object({
  userId: Type.Optional(Type.String({ maxLength: 64 })),
  deviceType: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});

export const ReferralLink = Type.Object({
  userId: Type.String(),
  /** Short, unique in the tenant, stable. */
  referralCode: Type.String(),
  /** `<portal>/?invitedby=<referralCode>`: opens the create-account dialog with the code. */
  referralUrl: Type.String(),
});
export type ReferralLink = Static<typeof ReferralLink>;

export const ReferralSummary = Type.Object({
  ...ReferralLink.properties,
  /** People who registered with the caller's link or code. */
  invitedCount: Type.Integer(),
  /** Of them, those whose first paid consultation earned the reward. */
  rewardedCount: Type.Integer(),
  /** VND the caller earned from referrals. */
  rewardsEarned: Type.Integer(),
  /** Whether this portal pays referral rewards into the wallet (off without the wallet feature). */
  walletReward: Type.Boolean(),
  /** VND each side gets (0 when walletReward is false). */
  inviterReward: Type.Integer(),
  inviteeReward: Type.Integer(),
});
export type ReferralSummary = Static<typeof ReferralSummary>;
