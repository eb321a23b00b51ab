import type { DateFilter } from '../../../schemas/codes';
import type {
  HealthRecord,
  HealthRecordFile,
  HealthRecordPage,
  HealthResult,
  SharedHealthData,
} from '../../../schemas/health-records';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

export type { HealthRecord, HealthRecordFile, HealthRecordPage, HealthResult, SharedHealthData };

/** Spec section 9: lists show 15 a page. */
export const HEALTH_RECORDS_PAGE_SIZE = 15;

/** The list's query: the spec's filters and the page. */
export interface HealthRecordsArgs {
  userId: number | string;
  duration: DateFilter;
  /** Other 0, Report 1, Prescription 2, health_examination 3; null for all. */
  recordType: number | null;
  patientId: number | null;
  pageNumber: number;
  pageSize?: number;
}

export interface CreateHealthRecordBody {
  patientId: number;
  recordName: string;
  remark: string;
  healthRecordType: number;
  files: { fileHttpUrl: string }[];
}

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['HealthRecords'] });
const LIST = { type: 'HealthRecords' as const, id: 'LIST' };

/**
 * The signed-in user's health records (schemas/health-records.ts). One tag: every change (add,
 * delete a record or a file) refreshes the lists, the open record and the booking's choices.
 */
export const healthRecordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    healthRecords: build.query<HealthRecordPage, HealthRecordsArgs>({
      query: ({ userId, duration, recordType, patientId, pageNumber, pageSize }) => ({
        url: `Users/GetUserHealthRecords/${userId}`,
        params: {
          duration,
          ...(recordType === null ? {} : { HealthRecordType: recordType }),
          ...(patientId === null ? {} : { patientId }),
          PageNumber: pageNumber,
          PageSize: pageSize ?? HEALTH_RECORDS_PAGE_SIZE,
        },
      }),
      transformResponse: unwrap<HealthRecordPage>,
      providesTags: [LIST],
    }),
    createHealthRecord: build.mutation<Reply<HealthRecord>, CreateHealthRecordBody>({
      query: (body) => ({ url: 'Users/CreateUserHealthRecord', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: [LIST],
    }),
    deleteHealthRecord: build.mutation<Reply<{ healthRecordId: number }>, number>({
      query: (id) => ({ url: `Users/DeleteUserHealthRecord?id=${id}`, method: 'DELETE' }),
      extraOptions: mine,
      invalidatesTags: [LIST],
    }),
    deleteHealthRecordFile: build.mutation<Reply<HealthRecord>, number>({
      query: (id) => ({ url: `Users/DeleteUserHealthRecordFile?id=${id}`, method: 'DELETE' }),
      extraOptions: mine,
      invalidatesTags: [LIST],
    }),
    sharedHealthData: build.query<SharedHealthData, number>({
      query: (appointmentId) => ({ url: 'Appointments/GetSharedHealthData', params: { appointmentId } }),
      transformResponse: unwrap<SharedHealthData>,
      providesTags: [LIST],
    }),
  }),
});

export const {
  useHealthRecordsQuery,
  useCreateHealthRecordMutation,
  useDeleteHealthRecordMutation,
  useDeleteHealthRecordFileMutation,
  useSharedHealthDataQuery,
} = healthRecordsApi;
