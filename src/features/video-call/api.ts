import type { CallJoinResult, CallSignal, CallSummaryResult } from '../../../schemas/calls';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { CallJoinResult, CallSignal, CallSummaryResult };

// The call screen shows its own messages (the spec's call errors), never request-layer toasts.
const quiet = { silent: true } as const;

/** The video call's endpoints (schemas/calls.ts). */
export const callApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** What this browser needs to join: asked when the person presses Join, kept in memory only. */
    joinCall: build.mutation<Reply<CallJoinResult>, number>({
      query: (appointmentId) => ({
        url: 'Appointments/GetZoomCallAuthToken',
        method: 'POST',
        body: { appointmentId },
      }),
      extraOptions: quiet,
    }),
    sendSignal: build.mutation<Reply<{ signalId: number }>, { appointmentId: number; signal: CallSignal }>({
      query: (body) => ({ url: 'Calls/Signal', method: 'POST', body }),
      extraOptions: quiet,
    }),
    callSummary: build.query<CallSummaryResult, number>({
      query: (appointmentId) => ({ url: 'Calls/Summary', params: { appointmentId } }),
      transformResponse: unwrap<CallSummaryResult>,
      extraOptions: quiet,
    }),
  }),
});

export const { useJoinCallMutation, useSendSignalMutation, useCallSummaryQuery } = callApi;
