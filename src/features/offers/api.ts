import type { Static } from 'typebox';
import type { PromoCode } from '../../../schemas/discovery';
import { baseApi, unwrap } from '../../lib/api';

export type Promo = Static<typeof PromoCode>;

export const offersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Silent: the page says when an offer does not exist.
    promoDetail: build.query<Promo, number>({
      query: (id) => `PromoCodes/GetPromoDetails/${id}`,
      transformResponse: unwrap<Promo>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { usePromoDetailQuery } = offersApi;
