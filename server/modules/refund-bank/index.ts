/**
 * Refund bank info (spec sections 3, 5): the account a patient's refunds go to on a portal that
 * refunds to the bank. Public API: the routes and its personal data section.
 */
export { refundBankRoutes, refundsTo } from './routes';
export { refundBankSection } from './section';
