/**
 * The discovery module's public API for other modules and the operator commands: join requests
 * (listing and the decision; the care module creates the approved applicant's account).
 */
export {
  decideJoinRequest,
  listJoinRequests,
  type DecidedJoinRequest,
  type JoinRequestRow,
} from './join-repository';
/** Promo code rows as the offer pages show them (the promotions module lists them). */
export { promoColumns, promoDetails, toPromo, type PromoRow } from './offers-repository';
/** Blog posts for the server-rendered pages (server/modules/seo). */
export { findBlog, insertBlog } from './blog-repository';
