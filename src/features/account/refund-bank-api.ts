import type { RefundBankInfo, RefundBankInfoReply } from '../../../schemas/refund-bank';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['RefundBank'] });

/** Refund bank info (schemas/refund-bank.ts): where refunds go and the saved account. */
export const refundBankApi = api.injectEndpoints({
  endpoints: (build) => ({
    refundBank: build.query<RefundBankInfoReply, void>({
      query: () => 'Users/GetRefundBankInfo',
      transformResponse: unwrap<RefundBankInfoReply>,
      providesTags: ['RefundBank'],
      extraOptions: { silent: true },
    }),
    saveRefundBank: build.mutation<Reply<RefundBankInfoReply>, RefundBankInfo>({
      query: (body) => ({ url: 'Users/UpdateRefundBankInfo', method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['RefundBank'],
    }),
  }),
});

export const { useRefundBankQuery, useSaveRefundBankMutation } = refundBankApi;
