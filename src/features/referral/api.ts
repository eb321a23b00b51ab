import type { Static } from 'typebox';
import type { Referral } from '../../../schemas/discovery';
import { baseApi, unwrap } from '../../lib/api';

export const referralApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    referralUrl: build.query<Static<typeof Referral>, void>({
      query: () => ({ url: 'ManageReferrals/GetReferralUrl', params: { deviceType: 0 } }),
      transformResponse: unwrap<Static<typeof Referral>>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useReferralUrlQuery } = referralApi;
