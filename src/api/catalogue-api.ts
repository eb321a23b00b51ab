import type {
  DoctorCard,
  FilterDoctorsRequest,
  Hospital,
  Speciality,
  Symptom,
} from '../../schemas/catalogue';
import type { Pagination } from '../../schemas/envelope';
import { baseApi, unwrap } from '../lib/api';

export interface DoctorsPage {
  doctors: DoctorCard[];
  pagination: Pagination;
}

export interface HospitalsPage {
  hospitals: Hospital[];
  pagination: Pagination;
}

export interface HospitalsArgs {
  pageNumber: number;
  pageSize: number;
  cityId?: number;
  name?: string;
}

/**
 * Catalogue endpoints read by more than one feature (home sections and the listing pages), so
 * they live here rather than inside one feature. Names come back in the request's language.
 */
export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    filterDoctors: build.query<
      DoctorsPage,
      FilterDoctorsRequest & { searchText?: string; healthProgramId?: number; orderType?: string }
    >({
      query: (body) => ({ url: 'Doctors/FilterDoctors', method: 'POST', body: { orderBy: 'DESC', ...body } }),
      transformResponse: unwrap<DoctorsPage>,
    }),
    specialities: build.query<Speciality[], void>({
      query: () => 'Specialities',
      transformResponse: unwrap<Speciality[]>,
    }),
    symptoms: build.query<Symptom[], void>({
      query: () => 'Symptoms/GetAllSymptoms',
      transformResponse: unwrap<Symptom[]>,
    }),
    hospitals: build.query<HospitalsPage, HospitalsArgs>({
      query: ({ pageNumber, pageSize, cityId, name }) => ({
        url: 'Hospitals/GetAllHospitals',
        params: { PageNumber: pageNumber, PageSize: pageSize, CityId: cityId, Name: name || undefined },
      }),
      transformResponse: unwrap<HospitalsPage>,
    }),
  }),
});

export const { useFilterDoctorsQuery, useSpecialitiesQuery, useSymptomsQuery, useHospitalsQuery } =
  catalogueApi;
