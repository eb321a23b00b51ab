import type { Country } from '../../schemas/catalogue';
import { baseApi, unwrap } from '../lib/api';

/** GET /Countries: the phone-code picker of the sign-in dialog and the profile page. */
export const countriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    countries: build.query<Country[], void>({
      query: () => 'Countries',
      transformResponse: unwrap<Country[]>,
    }),
  }),
});

export const { useCountriesQuery } = countriesApi;
