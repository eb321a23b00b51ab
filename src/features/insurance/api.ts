import type {
  ClaimStatus,
  InsuranceClaim,
  InsuranceClaimDetail,
  InsuranceClaimPage,
  InsuranceCompany,
  InsuranceProfile,
  SaveInsuranceProfileRequest,
} from '../../../schemas/insurance';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { ClaimStatus, InsuranceClaim, InsuranceClaimDetail, InsuranceCompany, InsuranceProfile };

/** Spec section 9: lists show 15 a page. */
export const CLAIMS_PAGE_SIZE = 15;

export interface CreateClaimBody {
  claim: Record<string, unknown>;
  idFrontUrl: string;
  idBackUrl: string;
  documentUrls: string[];
  acceptTerms: boolean;
}

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['InsuranceClaims', 'InsuranceProfiles'] });
const CLAIMS = { type: 'InsuranceClaims' as const, id: 'LIST' };
const PROFILES = { type: 'InsuranceProfiles' as const, id: 'LIST' };

/** Insurance (schemas/insurance.ts): companies, the caller's claims and insurance profiles. */
export const insuranceApi = api.injectEndpoints({
  endpoints: (build) => ({
    insuranceCompanies: build.query<InsuranceCompany[], string>({
      // The argument is the UI language: names come back in it.
      query: () => ({ url: 'InsuranceClaims/GetAllInsuranceCompanies' }),
      transformResponse: unwrap<InsuranceCompany[]>,
    }),
    myInsuranceClaims: build.query<InsuranceClaimPage, { pageNumber: number; status?: ClaimStatus }>({
      query: ({ pageNumber, status }) => ({
        url: 'InsuranceClaims/GetMyInsuranceClaims',
        params: { PageNumber: pageNumber, PageSize: CLAIMS_PAGE_SIZE, ...(status ? { status } : {}) },
      }),
      transformResponse: unwrap<InsuranceClaimPage>,
      providesTags: [CLAIMS],
    }),
    insuranceClaim: build.query<InsuranceClaimDetail, number>({
      query: (id) => ({ url: `InsuranceClaims/GetInsuranceClaim/${id}` }),
      transformResponse: unwrap<InsuranceClaimDetail>,
      providesTags: [CLAIMS],
    }),
    createInsuranceClaim: build.mutation<Reply<InsuranceClaimDetail>, CreateClaimBody>({
      query: (body) => ({ url: 'InsuranceClaims/CreateInsuranceClaim', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: [CLAIMS],
    }),
    insuranceProfiles: build.query<InsuranceProfile[], void>({
      query: () => ({ url: 'InsuranceProfiles/GetInsuranceProfiles' }),
      transformResponse: unwrap<InsuranceProfile[]>,
      providesTags: [PROFILES],
    }),
    saveInsuranceProfile: build.mutation<Reply<InsuranceProfile>, SaveInsuranceProfileRequest>({
      query: (body) => ({ url: 'InsuranceProfiles/SaveInsuranceProfile', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: [PROFILES],
    }),
    deleteInsuranceProfile: build.mutation<Reply<{ insuranceProfileId: number }>, number>({
      query: (id) => ({ url: `InsuranceProfiles/DeleteInsuranceProfile?id=${id}`, method: 'DELETE' }),
      extraOptions: mine,
      invalidatesTags: [PROFILES],
    }),
  }),
});

export const {
  useInsuranceCompaniesQuery,
  useMyInsuranceClaimsQuery,
  useInsuranceClaimQuery,
  useCreateInsuranceClaimMutation,
  useInsuranceProfilesQuery,
  useSaveInsuranceProfileMutation,
  useDeleteInsuranceProfileMutation,
} = insuranceApi;
