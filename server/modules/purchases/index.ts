/**
 * Purchases (schemas/purchases.ts): membership packages, IoMT packages and health programs bought
 * through the payment service, the wallet or a product. Public API: the routes, the IPN's
 * settlement, the lapse job, and health program membership (login reply, enrolment).
 */
export { purchasesRoutes } from './routes';
export { settlePurchasePayment, expireLapsedPurchases } from './settlement';
export { enrolInProgram } from './programs';
export { refundPurchase, type RefundOutcome } from './refund';
export { listPurchases, type PurchaseRow } from './repository';
