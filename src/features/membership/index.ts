/** The membership feature's public API: joining a health program (doctor pages), buying any package. */
export { JoinProgramButton } from './components/join-program-button';
export { useCheckout } from './use-checkout';
