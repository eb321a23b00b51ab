import type { DataAccessLogPage, HealthDataConsent } from '../../../schemas/personal-data';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { DataAccessLogPage, HealthDataConsent };

/** The privacy page (account menu, profile settings link). */
export const PRIVACY_PATH = '/me/privacy';

/** Spec section 9: lists show 15 a page. */
export const ACCESS_LOG_PAGE_SIZE = 15;

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['HealthDataConsent', 'DataAccessLog'] });

/**
 * The signed-in user's personal data (schemas/personal-data.ts): the health-data consent
 * (ConsentGate, the privacy page) and the log of who read their health data. The archive
 * download (Users/ExportMyData) is a plain fetch to a blob, not an endpoint here.
 */
export const personalDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the UI language (the server answers in X-Accept-Language): a switch of
    // language fetches the text again instead of showing the cached one.
    healthDataConsent: build.query<HealthDataConsent, string | undefined>({
      query: () => 'Users/GetHealthDataConsent',
      transformResponse: unwrap<HealthDataConsent>,
      providesTags: ['HealthDataConsent'],
    }),
    giveHealthDataConsent: build.mutation<Reply<HealthDataConsent>, { version: string }>({
      query: (body) => ({ url: 'Users/GiveHealthDataConsent', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: ['HealthDataConsent'],
    }),
    withdrawHealthDataConsent: build.mutation<Reply<HealthDataConsent>, void>({
      query: () => ({ url: 'Users/WithdrawHealthDataConsent', method: 'POST', body: {} }),
      extraOptions: mine,
      invalidatesTags: ['HealthDataConsent'],
    }),
    dataAccessLog: build.query<DataAccessLogPage, { pageNumber: number }>({
      query: ({ pageNumber }) => ({
        url: 'Users/GetDataAccessLog',
        params: { PageNumber: pageNumber, PageSize: ACCESS_LOG_PAGE_SIZE },
      }),
      transformResponse: unwrap<DataAccessLogPage>,
      providesTags: ['DataAccessLog'],
    }),
  }),
});

export const {
  useHealthDataConsentQuery,
  useGiveHealthDataConsentMutation,
  useWithdrawHealthDataConsentMutation,
  useDataAccessLogQuery,
} = personalDataApi;
