import type { AppointmentDetail } from '../../../schemas/appointments';
import type { HospitalName } from '../../../schemas/discovery';
import type {
  CreateFeeGuaranteeRequest,
  FeeGuarantee,
  FeeGuaranteePage,
  FeeGuaranteeStatus,
  SignatureOutcome,
} from '../../../schemas/fee-guarantee';
import type { Static } from 'typebox';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type {
  CreateFeeGuaranteeRequest,
  FeeGuarantee,
  FeeGuaranteePage,
  FeeGuaranteeStatus,
  SignatureOutcome,
};

/** Spec section 9: lists show 15 a page. */
export const FEE_GUARANTEE_PAGE_SIZE = 15;
/** The multipart part of the signature (spec: "Files"); the server's SIGNATURE_FIELD. */
export const SIGNATURE_PART = 'Files';

/** A page of the caller's requests, optionally only those of one appointment. */
export interface FeeGuaranteeListArgs {
  pageNumber: number;
  appointmentId?: number;
}

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['FeeGuarantee'] });

/**
 * Hospital fee guarantee requests (schemas/fee-guarantee.ts): the caller's list and one request,
 * create, cancel, and the signed confirmation (multipart FormData with the PNG as `Files`; the
 * base query sends the bearer token and lets the browser set the multipart boundary).
 */
export const feeGuaranteeApi = api.injectEndpoints({
  endpoints: (build) => ({
    feeGuarantees: build.query<FeeGuaranteePage, FeeGuaranteeListArgs>({
      query: ({ pageNumber, appointmentId }) => ({
        url: 'HospitalBillCoverages/GetMyHospitalBillCoverages',
        params: {
          ...(appointmentId ? { AppointmentId: appointmentId } : {}),
          PageNumber: pageNumber,
          PageSize: FEE_GUARANTEE_PAGE_SIZE,
        },
      }),
      transformResponse: unwrap<FeeGuaranteePage>,
      providesTags: [{ type: 'FeeGuarantee', id: 'LIST' }],
    }),
    feeGuarantee: build.query<FeeGuarantee, number>({
      query: (id) => `HospitalBillCoverages/GetHospitalBillCoverage/${id}`,
      transformResponse: unwrap<FeeGuarantee>,
      extraOptions: mine,
      providesTags: (_r, _e, id) => [{ type: 'FeeGuarantee', id }],
    }),
    createFeeGuarantee: build.mutation<Reply<FeeGuarantee>, CreateFeeGuaranteeRequest>({
      query: (body) => ({ url: 'HospitalBillCoverages/CreateHospitalBillCoverage', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: [{ type: 'FeeGuarantee', id: 'LIST' }],
    }),
    cancelFeeGuarantee: build.mutation<Reply<FeeGuarantee>, number>({
      query: (id) => ({ url: `HospitalBillCoverages/CancelHospitalBillCoverage/${id}`, method: 'POST' }),
      extraOptions: mine,
      invalidatesTags: (_r, _e, id) => [
        { type: 'FeeGuarantee', id },
        { type: 'FeeGuarantee', id: 'LIST' },
      ],
    }),
    signFeeGuarantee: build.mutation<Reply<SignatureOutcome>, { id: number; signature: Blob }>({
      query: ({ id, signature }) => {
        const body = new FormData();
        body.append(SIGNATURE_PART, signature, 'signature.png');
        return { url: `Appointments/SignatureHospitalBillCoverageConfirmForWeb/${id}`, method: 'POST', body };
      },
      extraOptions: mine,
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'FeeGuarantee', id },
        { type: 'FeeGuarantee', id: 'LIST' },
      ],
    }),
    feeGuaranteeHospitals: build.query<Static<typeof HospitalName>[], void>({
      query: () => 'Hospitals/GetHospitalNames',
      transformResponse: unwrap<Static<typeof HospitalName>[]>,
      keepUnusedDataFor: 600,
    }),
    feeGuaranteeAppointment: build.query<AppointmentDetail, number>({
      query: (id) => `Appointments/GetAppointment/${id}`,
      transformResponse: unwrap<AppointmentDetail>,
      extraOptions: mine,
    }),
  }),
});

export const {
  useFeeGuaranteesQuery,
  useFeeGuaranteeQuery,
  useCreateFeeGuaranteeMutation,
  useCancelFeeGuaranteeMutation,
  useSignFeeGuaranteeMutation,
  useFeeGuaranteeHospitalsQuery,
  useFeeGuaranteeAppointmentQuery,
} = feeGuaranteeApi;
