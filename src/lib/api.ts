import { createApi } from '@reduxjs/toolkit/query/react';
import type { ApiEnvelope } from '../../schemas/envelope';
import { createBaseQuery } from './base-query';

/**
 * The one RTK Query api of the app. It declares no endpoints: shared ones live in src/api/ and
 * each feature adds its own with `injectEndpoints`, so a page's endpoints load with its code.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  // Tags more than one feature names: the wallet changes when booking or a cancel moves money;
  // a doctor's free slots (Schedule) and the appointment lists change when one books, cancels
  // or reschedules.
  tagTypes: ['Wallet', 'Schedule', 'Appointments'],
  endpoints: () => ({}),
});

/** Every reply is an envelope; endpoints hand their callers its `data`. */
export const unwrap = <T>(reply: ApiEnvelope<T>): T => reply.data;
