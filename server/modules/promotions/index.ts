/**
 * The promotions module (spec sections 1, 3, 7 "Promos and wallet", ManageReferrals): promo code
 * lists, product codes and the wallet of products, referral codes and rewards. Public API for
 * booking and purchases (spend a product in their transaction), accounts (record an invitation at
 * registration), whatever completes an appointment (the referral reward), the operator commands
 * and the seed.
 */
export { promotionsRoutes } from './routes';
export {
  spendUserProduct,
  giveBackUserProduct,
  usableProductsFor,
  mintProductCodes,
  normalizeProductCode,
  type ProductTarget,
  type SpendOn,
  type SpentProduct,
} from './product-codes';
export { recordInvitation, referralCodeOf, type InvitationInput } from './referral';
export {
  rewardReferralOnCompletion,
  type ReferralRefusal,
  type ReferralRewardOutcome,
} from './referral-reward';
