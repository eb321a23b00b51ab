import type { MembershipPackage } from '../../../schemas/catalogue';
import type { CheckoutRequest, CheckoutResult, Purchase } from '../../../schemas/purchases';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { Purchase };

/**
 * Member packages (spec sections 3, 7, 9): the packages on sale, buying one
 * (Payments/CallDiriectCheckoutRequest, schemas/purchases.ts) and the purchase's outcome. The
 * checkout's reply is read whole: the form says what a refusal means beside it, not in a toast.
 */
export const membershipApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    membershipPackages: build.query<MembershipPackage[], void>({
      query: () => 'Auth/GetAllCallDiriectProgram',
      transformResponse: unwrap<MembershipPackage[]>,
    }),
    checkout: build.mutation<Reply<CheckoutResult>, CheckoutRequest>({
      query: (body) => ({ url: 'Payments/CallDiriectCheckoutRequest', method: 'POST', body }),
      extraOptions: { silent: true },
    }),
    purchase: build.query<Purchase, number>({
      query: (purchaseId) => `Payments/GetPurchase/${purchaseId}`,
      transformResponse: unwrap<Purchase>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useMembershipPackagesQuery, useCheckoutMutation, usePurchaseQuery } = membershipApi;
