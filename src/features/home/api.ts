import type { Banner, Promotional, Testimonial } from '../../../schemas/catalogue';
import { baseApi, unwrap } from '../../lib/api';

/** Home-only content lists; the catalogue lists shared with other pages are in src/api/. */
export const homeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    banners: build.query<Banner[], void>({ query: () => 'Banners', transformResponse: unwrap<Banner[]> }),
    promotionals: build.query<Promotional[], void>({
      query: () => 'Promotionals',
      transformResponse: unwrap<Promotional[]>,
    }),
    testimonials: build.query<Testimonial[], void>({
      query: () => 'Testimonials',
      transformResponse: unwrap<Testimonial[]>,
    }),
  }),
});

export const { useBannersQuery, usePromotionalsQuery, useTestimonialsQuery } = homeApi;
