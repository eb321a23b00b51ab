import type { IomtPackage } from '../../../schemas/catalogue';
import type { DirectCall } from '../../../schemas/direct-calls';
import type {
  AdvisoryAnswerRequest,
  AdvisoryRequest,
  AdvisoryRequestList,
  CareAdvisoryRequest,
  CareAdvisoryRequestList,
  IomtCallCheck,
  IomtDoctorList,
  IomtUserPackage,
  ReceivingAdvisoryRequest,
} from '../../../schemas/iomt';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type {
  AdvisoryRequest,
  CareAdvisoryRequest,
  DirectCall,
  IomtCallCheck,
  IomtDoctorList,
  IomtPackage,
  IomtUserPackage,
};

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Iomt', 'DirectCall'] });
const HELD = { type: 'Iomt' as const, id: 'HELD' };
const ADVICE = { type: 'Iomt' as const, id: 'ADVICE' };
const INBOX = { type: 'Iomt' as const, id: 'INBOX' };

/**
 * Remote health monitoring (schemas/iomt.ts): the packages on sale and buying one (the purchases
 * contract, packageType 'iomt'), the packages held, their doctors and the call check, the IoMT
 * direct call, advice asked and read; the doctors' advice inbox and answer. Writes are read whole
 * (`mine`): the page says what a refusal means in its own place, not in a toast.
 */
export const iomtApi = api.injectEndpoints({
  endpoints: (build) => ({
    iomtPackagesOnSale: build.query<IomtPackage[], void>({
      query: () => 'Iomt/GetAllIomtPackage',
      transformResponse: unwrap<IomtPackage[]>,
    }),
    myIomtPackages: build.query<IomtUserPackage[], void>({
      query: () => 'WalletHistories/GetListIomtPackageOfUser',
      transformResponse: unwrap<IomtUserPackage[]>,
      providesTags: [HELD],
    }),
    iomtDoctors: build.query<IomtDoctorList, { pageNumber: number }>({
      query: ({ pageNumber }) => ({
        url: 'Iomt/GetDoctorIomtForUser',
        params: { PageNumber: pageNumber, PageSize: 10 },
      }),
      transformResponse: unwrap<IomtDoctorList>,
      providesTags: [HELD],
    }),
    iomtCallCheck: build.query<IomtCallCheck, void>({
      query: () => 'Iomt/CheckIomtCallDiriectOfUser',
      transformResponse: unwrap<IomtCallCheck>,
      providesTags: [HELD],
    }),
    placeIomtCall: build.mutation<Reply<DirectCall>, void>({
      query: () => ({ url: 'Appointments/CallDiriectIomt', method: 'POST', body: {} }),
      extraOptions: mine,
      invalidatesTags: [{ type: 'DirectCall', id: 'MINE' }],
    }),
    askAdvice: build.mutation<Reply<AdvisoryRequest>, ReceivingAdvisoryRequest>({
      query: (body) => ({ url: 'Iomt/ReceivingAdvisory', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: [ADVICE],
    }),
    myAdvice: build.query<AdvisoryRequestList, { pageNumber: number }>({
      query: ({ pageNumber }) => ({
        url: 'Iomt/GetAdvisoryRequests',
        params: { PageNumber: pageNumber, PageSize: 10 },
      }),
      transformResponse: unwrap<AdvisoryRequestList>,
      providesTags: [ADVICE],
    }),
    careAdvice: build.query<CareAdvisoryRequestList, { status: 'open' | 'answered'; pageNumber: number }>({
      query: ({ status, pageNumber }) => ({
        url: 'Care/AdvisoryRequests',
        params: { status, PageNumber: pageNumber, PageSize: 10 },
      }),
      transformResponse: unwrap<CareAdvisoryRequestList>,
      extraOptions: mine,
      providesTags: [INBOX],
    }),
    answerAdvice: build.mutation<Reply<CareAdvisoryRequest>, { id: number; body: AdvisoryAnswerRequest }>({
      query: ({ id, body }) => ({ url: `Care/AdvisoryRequests/${id}/Answer`, method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: [INBOX],
    }),
  }),
});

export const {
  useIomtPackagesOnSaleQuery,
  useMyIomtPackagesQuery,
  useIomtDoctorsQuery,
  useIomtCallCheckQuery,
  usePlaceIomtCallMutation,
  useAskAdviceMutation,
  useMyAdviceQuery,
  useCareAdviceQuery,
  useAnswerAdviceMutation,
} = iomtApi;
