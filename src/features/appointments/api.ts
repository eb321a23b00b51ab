import type { Static } from 'typebox';
import type {
  AppointmentDetail,
  AppointmentList,
  Attachment,
  CheckTimeResult,
  Consultation,
  Review,
  UserFeedbacks,
} from '../../../schemas/appointments';
import type { DateFilter } from '../../../schemas/codes';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type AttachmentItem = Static<typeof Attachment>;
export type ConsultationItem = Static<typeof Consultation>;
export type CheckTime = Static<typeof CheckTimeResult>;
export type ReviewItem = Static<typeof Review>;
export type Feedbacks = Static<typeof UserFeedbacks>;

/** Spec section 9: lists show 15 a page. */
export const APPOINTMENTS_PAGE_SIZE = 15;

/** The list's query: tab (1 Past, 2 Upcoming), date filter and page. */
export interface ListArgs {
  type: 1 | 2;
  duration: DateFilter;
  pageNumber: number;
}

/** The query string GetAllAppointments gets for a tab, filter and page (the contract's names). */
export const listParams = ({ type, duration, pageNumber }: ListArgs) => ({
  type,
  duration,
  PageNumber: pageNumber,
  PageSize: APPOINTMENTS_PAGE_SIZE,
});

export interface CancelBody {
  appointmentId: number;
  reason: string;
  remark: string;
}
export interface RescheduleBody extends CancelBody {
  slotId: number;
}
export interface ReviewBody {
  appointmentId: number;
  rating: number;
  comment: string;
}
// Changes answer the whole envelope: the dialogs show the server's (translated) refusal themselves.
const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({
  addTagTypes: ['Appointments', 'Appointment', 'Attachments', 'Feedbacks'],
});

/** A change to one appointment refreshes the lists and that appointment. */
const changed = (id: number) => [
  { type: 'Appointments' as const, id: 'LIST' },
  { type: 'Appointment' as const, id },
];

/** The signed-in user's appointments (schemas/appointments.ts, care and change endpoints). */
export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myAppointments: build.query<AppointmentList, ListArgs>({
      query: (args) => ({ url: 'Appointments/GetAllAppointments', params: listParams(args) }),
      transformResponse: unwrap<AppointmentList>,
      providesTags: [{ type: 'Appointments', id: 'LIST' }],
      extraOptions: mine,
    }),
    myAppointment: build.query<AppointmentDetail, number>({
      query: (id) => ({
        url: `Appointments/GetAppointment/${id}`,
        params: { timeZoneOffset: -new Date().getTimezoneOffset() },
      }),
      transformResponse: unwrap<AppointmentDetail>,
      providesTags: (_result, _error, id) => [{ type: 'Appointment', id }],
      extraOptions: mine,
    }),
    checkTime: build.query<CheckTime, number>({
      query: (appointmentId) => ({
        url: 'Appointments/CheckTimeAppointment',
        method: 'POST',
        body: { appointmentId },
      }),
      transformResponse: unwrap<CheckTime>,
      providesTags: (_result, _error, id) => [{ type: 'Appointment', id }],
      extraOptions: mine,
    }),
    consultations: build.query<ConsultationItem[], number>({
      query: (id) => `Appointments/GetAllConsulationByAppointment/${id}`,
      transformResponse: unwrap<ConsultationItem[]>,
      providesTags: (_result, _error, id) => [{ type: 'Appointment', id }],
      extraOptions: mine,
    }),
    attachments: build.query<AttachmentItem[], number>({
      query: (appointmentId) => ({ url: 'Appointments/GetAttachments', params: { appointmentId } }),
      transformResponse: unwrap<AttachmentItem[]>,
      providesTags: (_result, _error, id) => [{ type: 'Attachments', id }],
      extraOptions: mine,
    }),
    addAttachments: build.mutation<
      Reply<AttachmentItem[]>,
      { appointmentId: number; files: { fileHttpUrl: string }[] }
    >({
      query: (body) => ({ url: 'Appointments/AddAttachments', method: 'POST', body }),
      invalidatesTags: (_result, _error, { appointmentId }) => [{ type: 'Attachments', id: appointmentId }],
      extraOptions: mine,
    }),
    cancelAppointment: build.mutation<Reply<AppointmentDetail>, CancelBody>({
      query: (body) => ({ url: 'Appointments/CancelAppintment', method: 'POST', body }),
      // A cancel may refund to the wallet, and frees its slot.
      invalidatesTags: (_result, _error, { appointmentId }) => [
        ...changed(appointmentId),
        'Wallet',
        'Schedule',
      ],
      extraOptions: mine,
    }),
    rescheduleAppointment: build.mutation<Reply<AppointmentDetail>, RescheduleBody>({
      query: (body) => ({ url: 'Appointments/rescheduleAppointment', method: 'POST', body }),
      // The old slot is freed and the new one taken (or, refused, the slot went meanwhile).
      invalidatesTags: (_result, _error, { appointmentId }) => [...changed(appointmentId), 'Schedule'],
      extraOptions: mine,
    }),
    addReview: build.mutation<Reply<ReviewItem>, ReviewBody>({
      query: (body) => ({ url: 'Appointments/AddAppointmentReview', method: 'POST', body }),
      invalidatesTags: (_result, _error, { appointmentId }) => [
        ...changed(appointmentId),
        { type: 'Feedbacks', id: 'LIST' },
      ],
      extraOptions: mine,
    }),
    myFeedbacks: build.query<Feedbacks, number>({
      query: (pageNumber) => ({
        url: 'Appointments/GetUserFeedbacks',
        params: { PageNumber: pageNumber, PageSize: APPOINTMENTS_PAGE_SIZE },
      }),
      transformResponse: unwrap<Feedbacks>,
      providesTags: [{ type: 'Feedbacks', id: 'LIST' }],
      extraOptions: mine,
    }),
  }),
});

export const {
  useMyAppointmentsQuery,
  useMyAppointmentQuery,
  useCheckTimeQuery,
  useConsultationsQuery,
  useAttachmentsQuery,
  useAddAttachmentsMutation,
  useCancelAppointmentMutation,
  useRescheduleAppointmentMutation,
  useAddReviewMutation,
  useMyFeedbacksQuery,
} = appointmentsApi;
