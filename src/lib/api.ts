import { buildCreateApi, coreModule } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';
import type { ApiEnvelope } from '../../schemas/envelope';
import { createBaseQuery } from './base-query';

/** The action main.tsx dispatches with the RTK Query state the server rendered the page with. */
export const HYDRATE_API = 'sk/hydrate-api';

/**
 * Hooks start their queries while rendering only in the server build (src/app/entry-server.tsx
 * renders a page until no new request starts); in the browser they start them in effects, as
 * usual. `import.meta.env.SSR` is a build-time constant, so the browser build keeps `false`.
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: !!import.meta.env.SSR }),
);

/**
 * The one RTK Query api of the app. It declares no endpoints: shared ones live in src/api/ and
 * each feature adds its own with `injectEndpoints`, so a page's endpoints load with its code.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  // Tags more than one feature names: the wallet changes when booking or a cancel moves money;
  // a doctor's free slots (Schedule) and the appointment lists change when one books, cancels
  // or reschedules; one appointment (Appointment) is read by the booking pages (confirmation,
  // receipt) and changed by the appointment pages (cancel, reschedule, review).
  tagTypes: ['Wallet', 'Schedule', 'Appointments', 'Appointment'],
  // The server-rendered page's data (JSON block #sk-state): its queries count as fetched.
  extractRehydrationInfo: (action, { reducerPath }) =>
    (action as { type?: unknown }).type === HYDRATE_API
      ? (action as unknown as { payload: Record<string, never> }).payload[reducerPath]
      : undefined,
  endpoints: () => ({}),
});

/** Every reply is an envelope; endpoints hand their callers its `data`. */
export const unwrap = <T>(reply: ApiEnvelope<T>): T => reply.data;
