/**
 * The wallet module (spec section 7: WalletBalances, WalletHistories) owns the wallet ledger
 * (migration 029): other modules (booking today, purchases later) move money only through
 * debitWallet/creditWallet; balances are read with walletBalance (or walletBalanceSql inside
 * another statement). Public API: these (the
 * registrar mounts routes.ts itself).
 */
export { creditWallet, debitWallet, walletRefundOf, type WalletCreditKind, type WalletEntry } from './ledger';
export { walletBalance, walletBalanceSql } from './repository';
export { reconcileWallets, type Reconciliation, type WalletMismatch } from './reconcile';
