import type { DateFilter } from '../../../schemas/codes';
import type { WalletBalance, WalletHistory, WalletHistoryPage } from '../../../schemas/wallet';
import { baseApi, unwrap } from '../../lib/api';

export type { WalletBalance, WalletHistory, WalletHistoryPage };

/** Spec section 9: lists show 15 a page. */
export const WALLET_PAGE_SIZE = 15;

/** The history's query: the spec's date filter and the page. */
export interface WalletHistoryArgs {
  duration: DateFilter;
  pageNumber: number;
}

/**
 * The signed-in user's wallet (schemas/wallet.ts). The 'Wallet' tag (declared in src/lib/api.ts,
 * so booking and appointments can name it) is invalidated by the changes that move money:
 * MakeAppointment (a wallet payment) and CancelAppintment (a refund).
 */
export const walletApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletBalance: build.query<WalletBalance, void>({
      query: () => 'WalletBalances/GetAllWalletBalances',
      transformResponse: unwrap<WalletBalance>,
      providesTags: [{ type: 'Wallet', id: 'BALANCE' }],
    }),
    walletHistory: build.query<WalletHistoryPage, WalletHistoryArgs>({
      query: ({ duration, pageNumber }) => ({
        url: 'WalletHistories/GetAllWalletHistories',
        params: { duration, PageNumber: pageNumber, PageSize: WALLET_PAGE_SIZE },
      }),
      transformResponse: unwrap<WalletHistoryPage>,
      providesTags: [{ type: 'Wallet', id: 'LIST' }],
    }),
  }),
});

export const { useWalletBalanceQuery, useWalletHistoryQuery } = walletApi;
