/**
 * The booking steps after the first two, loaded once the page has rendered (the first screen
 * shows the service step open and these locked): with them come the address picker and its form,
 * the shared health records and the price step's promo field, none of which the first render
 * needs. The page's own hooks (usePricing, usePickedSlot) stay in its chunk.
 */
export { ConfirmStep } from './confirm-step';
export { PatientStep } from './patient-step';
export { PaymentStep } from './payment-step';
export { AddressStep, HospitalStep } from './place-steps';
export { PriceStep } from './price-step';
export { SymptomsStep } from './symptoms-step';
