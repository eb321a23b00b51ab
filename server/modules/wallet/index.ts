/**
 * The wallet module (spec section 7: WalletBalances, WalletHistories): read-only views of the
 * rows booking writes. Public API: the routes plugin.
 */
export { walletRoutes } from './routes';
