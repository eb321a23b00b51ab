import type { Static } from 'typebox';
import type { City, Speciality } from '../../../schemas/catalogue';
import type { JoinRequestCreated, UploadUrlsRequest, UploadUrlsResponse } from '../../../schemas/discovery';
import { baseApi, unwrap } from '../../lib/api';

type Created = Static<typeof JoinRequestCreated>;
type UploadUrls = Static<typeof UploadUrlsResponse>;

/** Join requests and the storage flow (spec section 7, "File upload"). */
export const joinApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Silent: the form shows the server's field errors on the fields.
    createDoctor: build.mutation<Created, Record<string, unknown>>({
      query: (body) => ({ url: 'Doctors/CreateDoctor', method: 'POST', body }),
      transformResponse: unwrap<Created>,
      extraOptions: { silent: true, skipAuth: true },
    }),
    createHospital: build.mutation<Created, Record<string, unknown>>({
      query: (body) => ({ url: 'Hospitals/CreateHospital', method: 'POST', body }),
      transformResponse: unwrap<Created>,
      extraOptions: { silent: true, skipAuth: true },
    }),
    uploadUrls: build.mutation<UploadUrls, UploadUrlsRequest>({
      query: (body) => ({ url: 'Storages/GetUploadUrls', method: 'POST', body }),
      transformResponse: unwrap<UploadUrls>,
      extraOptions: { silent: true, skipAuth: true },
    }),
    joinCities: build.query<City[], void>({
      query: () => 'Cities/GetAllCities',
      transformResponse: unwrap<City[]>,
    }),
    joinSpecialities: build.query<Speciality[], void>({
      query: () => 'Specialities',
      transformResponse: unwrap<Speciality[]>,
    }),
  }),
});

export const {
  useCreateDoctorMutation,
  useCreateHospitalMutation,
  useUploadUrlsMutation,
  useJoinCitiesQuery,
  useJoinSpecialitiesQuery,
} = joinApi;
