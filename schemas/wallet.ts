import { Type, type Static } from 'typebox';
import { DATE_FILTERS } from './codes';
import { Pagination, PagingQuery } from './envelope';

/**
 * Wallet contract (spec section 7: WalletBalances, WalletHistories). Paths are under /api/v1, every
 * reply is the envelope and "-> X" is its `data`. Both need a signed-in user ([auth]) and the
 * tenant's `wallet` feature (off -> 404 feature_disabled). A user sees only their own wallet.
 *
 * GET /WalletBalances/GetAllWalletBalances?UserId=  -> WalletBalance
 *     UserId optional (default: the caller); another user's id -> 404 wallet_not_found.
 * GET /WalletHistories/GetAllWalletHistories?PageNumber=&PageSize=&duration=  -> WalletHistoryPage
 *     The caller's wallet transactions, newest first; `duration` is the spec's date filter
 *     (today, this_week, this_month, last_month, this_year, all) on the local day of `createdAt`
 *     in the tenant's booking.timeZone.
 */

/** Kinds of wallet transactions (migration 010: wallet_transactions.kind). */
export const WALLET_KINDS = ['topup', 'payment', 'refund', 'referral', 'adjustment'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const WalletBalanceQuery = Type.Object({
  UserId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'invalid_user_id' })),
});

export const WalletBalance = Type.Object({
  userId: Type.Integer(),
  /** VND; 0 when the user has never had a wallet move. */
  balance: Type.Integer(),
});
export type WalletBalance = Static<typeof WalletBalance>;

export const WalletHistoryQuery = Type.Object({
  // An enum (not a union of literals) so that a bad value reports this key, not the literal's.
  duration: Type.Optional(Type.Enum(DATE_FILTERS, { 'x-message': 'invalid_duration' })),
  ...PagingQuery,
});

export const WalletHistory = Type.Object({
  walletTransactionId: Id,
  /** VND: + credit (top-up, refund, referral), - debit (payment). */
  amount: Type.Integer(),
  kind: Type.Enum(WALLET_KINDS),
  appointmentId: Type.Union([Id, Type.Null()]),
  appointmentNumber: Type.Union([Type.String(), Type.Null()]),
  /** The purchase (a package or program) the entry paid or refunded, and its name then. */
  purchaseId: Type.Union([Id, Type.Null()]),
  description: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WalletHistory = Static<typeof WalletHistory>;

export const WalletHistoryPage = Type.Object({
  walletHistories: Type.Array(WalletHistory),
  /** The current balance (VND), so the page needs one call. */
  balance: Type.Integer(),
  pagination: Pagination,
});
export type WalletHistoryPage = Static<typeof WalletHistoryPage>;
