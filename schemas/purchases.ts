import { Type, type Static } from 'typebox';

/**
 * Purchases: what a patient buys that is not an appointment (spec sections 1, 3 "Member package",
 * 4 "membership registration success or fail", 7 Payments/CallDiriectCheckoutRequest). One purchase
 * model for every product, paid through the same providers, signed IPN, holds and refunds as a
 * booking (server/services/payments), the wallet through its ledger, or a product from the wallet
 * of products (a product code).
 *
 * POST /Payments/CallDiriectCheckoutRequest body CheckoutRequest -> CheckoutResult
 *      packageType: which catalogue packageId belongs to (default membership, the spec's use)
 *      paymentMethod: 1 PayOnline (the bank; useWallet spends the wallet first, the bank the rest),
 *                     2 FreeOfConsultation (nothing to pay: a free package, the wallet covers it all,
 *                       or userProductId pays it)
 *      a new checkout of a package supersedes the user's pending one of it (its wallet part refunded)
 *      errors: 400 select_package / select_payment_method / payment_method_not_allowed /
 *              wallet_not_eligible; 404 package_not_found; 409 package_downgrade_not_allowed,
 *              program_already_joined, product_not_applicable, product_code_used (the product
 *              already spent), purchase_pending (two presses at once); 502 payment_error;
 *              503 payment_provider_unconfigured
 * GET  /Payments/GetPurchase/{purchaseId} -> Purchase (the result screen; the caller's own only, else 404)
 *
 * Renewal and upgrade (membership): one membership package is active at a time.
 *  - the same package again while active: renewal, the new term starts when the current one ends
 *    and its calls and free appointments are added;
 *  - a dearer package while active: upgrade, the current package ends now, its unused calls and free
 *    appointments carry over, the new term starts now;
 *  - a cheaper (or equally priced, other) package while active: 409 package_downgrade_not_allowed.
 * IoMT packages: buying the one held now extends it from its end (renewal). Health programs do not
 * lapse: joining one already joined is 409 program_already_joined.
 */
export const PACKAGE_TYPES = ['membership', 'iomt', 'healthProgram'] as const;
const PackageTypeSchema = (options: Record<string, unknown> = {}) =>
  Type.Union([Type.Literal('membership'), Type.Literal('iomt'), Type.Literal('healthProgram')], options);
export type PackageType = Static<ReturnType<typeof PackageTypeSchema>>;
const PurchaseStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
  Type.Literal('refunded'),
]);
export type PurchaseStatus = Static<typeof PurchaseStatusSchema>;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const BigId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  'x-message': 'purchase_not_found',
});

export const CheckoutRequest = Type.Object(
  {
    packageId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'select_package' }),
    packageType: Type.Optional(PackageTypeSchema({ 'x-message': 'select_package' })),
    paymentMethod: Type.Integer({ minimum: 1, maximum: 2, 'x-message': 'select_payment_method' }),
    useWallet: Type.Optional(Type.Boolean()),
    /** A product from the wallet of products (an activated product code) that pays for the package. */
    userProductId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-message': 'product_not_applicable' }),
    ),
  },
  { additionalProperties: false },
);
export type CheckoutRequest = Static<typeof CheckoutRequest>;

export const CheckoutResult = Type.Object({
  purchaseId: BigId,
  status: PurchaseStatusSchema,
  /** The bank page to send the browser to; null when nothing is left to pay (wallet, product, free). */
  paymentUrl: Type.Union([Type.String(), Type.Null()]),
  /** Kept for the spec's client, which reads only paymentUrl. */
  walletAmount: Type.Integer(),
  amount: Type.Integer(),
});
export type CheckoutResult = Static<typeof CheckoutResult>;

export const PurchaseParams = Type.Object({ purchaseId: BigId });

export const Purchase = Type.Object({
  purchaseId: BigId,
  packageType: PackageTypeSchema(),
  packageId: Id,
  name: Type.String(),
  status: PurchaseStatusSchema,
  /** VND: the price, the part the wallet paid, the part the bank paid. */
  amount: Type.Integer(),
  walletAmount: Type.Integer(),
  bankAmount: Type.Integer(),
  /** renewal / upgrade / new: what buying did to the packages the user held. */
  effect: Type.Union([Type.Literal('new'), Type.Literal('renewal'), Type.Literal('upgrade'), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The package it granted, once paid (GetAllCallDiriectOfUser's userPackageId). */
  userPackageId: Type.Union([Id, Type.Null()]),
});
export type Purchase = Static<typeof Purchase>;
