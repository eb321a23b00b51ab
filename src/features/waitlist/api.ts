import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

/** A waiting entry (server/modules/waitlist/routes.ts). */
export interface WaitlistEntry {
  waitlistId: number;
  doctorId: number;
  doctorName: string;
  patientId: number;
  patientName: string;
  localDate: string;
  serviceTypeId: number;
  state: 'waiting' | 'notified';
  notifiedAt: string | null;
  createdAt: string;
}

export interface JoinWaitlist {
  doctorId: number;
  localDate: string;
  patientId: number;
  serviceTypeId: number;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Waitlist'] });

export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Who may wait: the account holder and family members (Patients/GetPatients). */
    waitlistPatients: build.query<{ patientId: number; fullName: string; isSelf: boolean }[], void>({
      query: () => 'Patients/GetPatients',
      transformResponse: unwrap<{ patientId: number; fullName: string; isSelf: boolean }[]>,
    }),
    myWaitlist: build.query<WaitlistEntry[], void>({
      query: () => 'Appointments/GetMyWaitlist',
      transformResponse: unwrap<WaitlistEntry[]>,
      providesTags: ['Waitlist'],
    }),
    joinWaitlist: build.mutation<Reply<WaitlistEntry>, JoinWaitlist>({
      query: (body) => ({ url: 'Appointments/JoinWaitlist', method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Waitlist'],
    }),
    leaveWaitlist: build.mutation<unknown, number>({
      query: (id) => ({ url: 'Appointments/LeaveWaitlist', method: 'DELETE', params: { id } }),
      invalidatesTags: ['Waitlist'],
    }),
  }),
});

export const {
  useWaitlistPatientsQuery,
  useMyWaitlistQuery,
  useJoinWaitlistMutation,
  useLeaveWaitlistMutation,
} = waitlistApi;
