import type { MembershipPackage } from '../../../schemas/catalogue';
import { baseApi, unwrap } from '../../lib/api';

export const membershipApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    membershipPackages: build.query<MembershipPackage[], void>({
      query: () => 'Auth/GetAllCallDiriectProgram',
      transformResponse: unwrap<MembershipPackage[]>,
    }),
  }),
});

export const { useMembershipPackagesQuery } = membershipApi;
