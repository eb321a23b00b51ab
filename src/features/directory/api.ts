import type { ServicePrice } from '../../../schemas/catalogue';
import { baseApi, unwrap } from '../../lib/api';

/** The price list page's data: fees per hospital, speciality and visit kind (GET ServicePrices). */
export const directoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    servicePrices: build.query<ServicePrice[], void>({
      query: () => 'ServicePrices',
      transformResponse: unwrap<ServicePrice[]>,
    }),
  }),
});

export const { useServicePricesQuery } = directoryApi;
