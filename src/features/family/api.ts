import type { Relation } from '../../../schemas/catalogue';
import type { Patient } from '../../../schemas/patients';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

/** The patient form's answers (schemas/forms/patient.schema.json). */
export type PatientInput = Record<string, unknown>;

const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Patients'] });

/** Myself and family members (Patients/*) and the relation list of the form. */
export const familyApi = api.injectEndpoints({
  endpoints: (build) => ({
    patients: build.query<Patient[], void>({
      query: () => 'Patients/GetPatients',
      transformResponse: unwrap<Patient[]>,
      providesTags: ['Patients'],
    }),
    patient: build.query<Patient, number>({
      query: (id) => `Patients/GetPatient/${id}`,
      transformResponse: unwrap<Patient>,
      providesTags: ['Patients'],
    }),
    addPatient: build.mutation<Reply<Patient>, PatientInput>({
      query: (body) => ({ url: 'Patients/AddPatient', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: ['Patients'],
    }),
    updatePatient: build.mutation<Reply<Patient>, PatientInput & { patientId: number }>({
      query: (body) => ({ url: 'Patients/UpdatePatient', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: ['Patients'],
    }),
    deletePatient: build.mutation<Reply<{ patientId: number }>, number>({
      query: (id) => ({ url: `Patients/DeletePatient?id=${id}`, method: 'DELETE' }),
      extraOptions: mine,
      invalidatesTags: ['Patients'],
    }),
    relations: build.query<Relation[], void>({
      query: () => 'Relations',
      transformResponse: unwrap<Relation[]>,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  usePatientsQuery,
  usePatientQuery,
  useAddPatientMutation,
  useUpdatePatientMutation,
  useDeletePatientMutation,
  useRelationsQuery,
} = familyApi;
