/**
 * The offers module's public face: promo code rows as the offer pages show them (the promotions
 * module lists them, the home module's promotionals link to them, the server-rendered pages
 * describe them) and a doctor's promo codes and health programs (the doctor page's side calls).
 */
export {
  doctorHealthPrograms,
  doctorPromoCodes,
  healthProgramChildren,
  promoColumns,
  promoDetails,
  toPromo,
  type PromoRow,
} from './offers-repository';
