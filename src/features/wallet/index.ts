/** The wallet feature's public face for other features (booking asks the balance before a quote). */
export { useWalletBalanceQuery } from './api';
