import type { ProductCheck, UserProduct, UserProductPage } from '../../../schemas/promotions';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { UserProduct, UserProductPage };

/** Spec section 9: lists show 15 a page. */
export const PRODUCTS_PAGE_SIZE = 15;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['UserProducts'] });
const PRODUCTS = { type: 'UserProducts' as const, id: 'LIST' };

/** Product codes and the wallet of products (schemas/promotions.ts). */
export const promotionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    userProducts: build.query<UserProductPage, number>({
      query: (pageNumber) => ({
        url: 'PromoCodes/GetListProductCodeInWallet',
        params: { PageNumber: pageNumber, PageSize: PRODUCTS_PAGE_SIZE },
      }),
      transformResponse: unwrap<UserProductPage>,
      providesTags: [PRODUCTS],
    }),
    /** The caller's unspent products that would pay a consultation of this doctor and kind. */
    productCheck: build.query<ProductCheck, { doctorId: number; serviceTypeId: number }>({
      query: (params) => ({ url: 'PromoCodes/CheckPromotionProduct', params }),
      transformResponse: unwrap<ProductCheck>,
      extraOptions: { silent: true },
      providesTags: [PRODUCTS],
    }),
    // Refusals (used, expired, unknown) are shown on the page itself, not as a toast.
    activateProductCode: build.mutation<Reply<UserProduct>, string>({
      query: (code) => ({ url: 'PromoCodes/ActivePromotionProductCode', method: 'POST', body: { code } }),
      extraOptions: { silent: true },
      invalidatesTags: [PRODUCTS],
    }),
  }),
});

export const { useUserProductsQuery, useActivateProductCodeMutation, useProductCheckQuery } = promotionsApi;
