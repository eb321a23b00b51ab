import type {
  CareAppointmentDetail,
  CareAppointmentList,
  CareCancelRequest,
  CareCompleteRequest,
  CareMe,
  CarePresence,
  CareScope,
} from '../../../schemas/care';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { CareAppointmentDetail, CareAppointmentList, CareMe, CarePresence, CareScope };

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Care'] });
const LIST = { type: 'Care' as const, id: 'LIST' };
const one = (id: number) => ({ type: 'Care' as const, id });

/**
 * The care workspace API (schemas/care.ts). A write refreshes the lists and the appointment it
 * changed; presence is its own small state.
 */
export const careApi = api.injectEndpoints({
  endpoints: (build) => ({
    careMe: build.query<CareMe, void>({
      query: () => 'Care/Me',
      transformResponse: unwrap<CareMe>,
    }),
    careAppointments: build.query<CareAppointmentList, { scope: CareScope; pageNumber: number }>({
      query: ({ scope, pageNumber }) => ({
        url: 'Care/Appointments',
        params: { scope, PageNumber: pageNumber },
      }),
      transformResponse: unwrap<CareAppointmentList>,
      providesTags: [LIST],
    }),
    careAppointment: build.query<CareAppointmentDetail, number>({
      query: (id) => `Care/Appointments/${id}`,
      transformResponse: unwrap<CareAppointmentDetail>,
      // The page says "does not exist" itself; no second toast.
      extraOptions: mine,
      providesTags: (_r, _e, id) => [one(id)],
    }),
    completeAppointment: build.mutation<
      Reply<CareAppointmentDetail>,
      { id: number; body: CareCompleteRequest }
    >({
      query: ({ id, body }) => ({ url: `Care/Appointments/${id}/Complete`, method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: (_r, _e, { id }) => [LIST, one(id)],
    }),
    cancelAppointment: build.mutation<Reply<CareAppointmentDetail>, { id: number; body: CareCancelRequest }>({
      query: ({ id, body }) => ({ url: `Care/Appointments/${id}/Cancel`, method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: (_r, _e, { id }) => [LIST, one(id)],
    }),
    markNoShow: build.mutation<Reply<CareAppointmentDetail>, number>({
      query: (id) => ({ url: `Care/Appointments/${id}/NoShow`, method: 'POST', body: {} }),
      extraOptions: mine,
      invalidatesTags: (_r, _e, id) => [LIST, one(id)],
    }),
    presence: build.query<CarePresence, void>({
      query: () => 'Care/Presence',
      transformResponse: unwrap<CarePresence>,
    }),
    setPresence: build.mutation<Reply<CarePresence>, 'online' | 'away'>({
      query: (status) => ({ url: 'Care/Presence', method: 'POST', body: { status } }),
      extraOptions: mine,
    }),
  }),
});

export const {
  useCareMeQuery,
  useCareAppointmentsQuery,
  useCareAppointmentQuery,
  useCompleteAppointmentMutation,
  useCancelAppointmentMutation,
  useMarkNoShowMutation,
  usePresenceQuery,
  useSetPresenceMutation,
} = careApi;
