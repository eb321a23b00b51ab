import type { ReferralSummary } from '../../../schemas/promotions';
import { baseApi, unwrap } from '../../lib/api';

export type { ReferralSummary };

/** The signed-in user's referral code, link, invited count and rewards (schemas/promotions.ts). */
export const referralApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    referralSummary: build.query<ReferralSummary, void>({
      query: () => ({ url: 'ManageReferrals/GetCurrentManageReferral', params: { deviceType: 0 } }),
      transformResponse: unwrap<ReferralSummary>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useReferralSummaryQuery } = referralApi;
