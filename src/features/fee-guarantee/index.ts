/** Hospital fee guarantee: what other features may use (booking, appointments). */
export { FeeGuaranteeLink } from './components/fee-guarantee-link';
export { FEE_GUARANTEE_PATH, feeGuaranteePaths } from './paths';
