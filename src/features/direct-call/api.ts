import type {
  AcceptDirectCallResult,
  CareDirectCall,
  DirectCall,
  DirectCallsOfUser,
} from '../../../schemas/direct-calls';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { CareDirectCall, DirectCall, DirectCallsOfUser };
export type UserPackage = DirectCallsOfUser['packages'][number];

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['DirectCall'] });
const MINE = { type: 'DirectCall' as const, id: 'MINE' };

/**
 * Direct calls (schemas/direct-calls.ts): the patient's packages and calls, placing and cancelling
 * a call, the ringing call's state; the doctors' incoming calls and accepting one. Replies are read
 * whole (`mine`): the page says what a refusal means in its own place, not in a toast.
 */
export const directCallApi = api.injectEndpoints({
  endpoints: (build) => ({
    directCallsOfUser: build.query<DirectCallsOfUser, { userId: number; pageNumber: number }>({
      query: ({ userId, pageNumber }) => ({
        url: 'WalletHistories/GetAllCallDiriectOfUser',
        params: { UserId: userId, PageNumber: pageNumber, PageSize: 10 },
      }),
      transformResponse: unwrap<DirectCallsOfUser>,
      providesTags: [MINE],
    }),
    placeDirectCall: build.mutation<Reply<DirectCall>, { programId?: number }>({
      query: (body) => ({ url: 'Appointments/CallDiriect', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: [MINE],
    }),
    cancelDirectCall: build.mutation<Reply<DirectCall>, number>({
      query: (directCallId) => ({
        url: 'Appointments/CancelCallDiriect',
        method: 'POST',
        body: { directCallId },
      }),
      extraOptions: mine,
      invalidatesTags: [MINE],
    }),
    directCall: build.query<DirectCall, number>({
      query: (id) => `Appointments/CallDiriect/${id}`,
      transformResponse: unwrap<DirectCall>,
      extraOptions: mine,
    }),
    careDirectCalls: build.query<CareDirectCall[], void>({
      query: () => 'Care/DirectCalls',
      transformResponse: unwrap<CareDirectCall[]>,
      extraOptions: mine,
    }),
    acceptDirectCall: build.mutation<Reply<AcceptDirectCallResult>, number>({
      query: (id) => ({ url: `Care/DirectCalls/${id}/Accept`, method: 'POST', body: {} }),
      extraOptions: mine,
    }),
  }),
});

export const {
  useDirectCallsOfUserQuery,
  usePlaceDirectCallMutation,
  useCancelDirectCallMutation,
  useDirectCallQuery,
  useCareDirectCallsQuery,
  useAcceptDirectCallMutation,
} = directCallApi;
