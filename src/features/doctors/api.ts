import type { City, DoctorDetail, Hospital, Language, ServiceType } from '../../../schemas/catalogue';
import type { Static } from 'typebox';
import type {
  DoctorFeedbacks,
  HealthProgram,
  HospitalName,
  PriceCheck,
  PromoCode,
  ScheduleDay,
} from '../../../schemas/discovery';
import { baseApi, unwrap } from '../../lib/api';

export type Feedbacks = Static<typeof DoctorFeedbacks>;
export type Program = Static<typeof HealthProgram>;
export type Promo = Static<typeof PromoCode>;
export type Day = Static<typeof ScheduleDay>;
export type Price = Static<typeof PriceCheck>;

/** Reviews order (GetDoctorFeedbacks OrderType): 0 newest, 1 highest rating, 2 lowest rating. */
export type FeedbackOrder = 0 | 1 | 2;

/**
 * The doctor list's filter options and the doctor detail's blocks. Secondary blocks are silent:
 * each shows its own error state, so a toast would repeat it.
 */
export const doctorsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    doctor: build.query<DoctorDetail, number>({
      query: (id) => `Doctors/GetDoctor/${id}`,
      transformResponse: unwrap<DoctorDetail>,
      extraOptions: { silent: true },
    }),
    doctorHospitals: build.query<Hospital[], number>({
      query: (id) => `Doctors/GetDoctorHospitals/${id}`,
      transformResponse: unwrap<Hospital[]>,
      extraOptions: { silent: true },
    }),
    price: build.query<Price, { doctorId: number; serviceTypeId: number }>({
      query: (params) => ({ url: 'Appointments/CheckPriceOfAppointment', params }),
      transformResponse: unwrap<Price>,
      extraOptions: { silent: true },
    }),
    feedbacks: build.query<Feedbacks, { doctorId: number; orderType: FeedbackOrder; pageNumber: number }>({
      query: ({ doctorId, orderType, pageNumber }) => ({
        url: 'Doctors/GetDoctorFeedbacks',
        params: { DoctorId: doctorId, OrderType: orderType, PageNumber: pageNumber, PageSize: 5 },
      }),
      transformResponse: unwrap<Feedbacks>,
      extraOptions: { silent: true },
    }),
    promoCodes: build.query<Promo[], number>({
      query: (doctorId) => ({ url: 'Doctors/GetDoctorPromocodes', params: { doctorId } }),
      transformResponse: unwrap<Promo[]>,
      extraOptions: { silent: true },
    }),
    healthPrograms: build.query<Program[], number>({
      query: (id) => `Doctors/GetListHealthProgram/${id}`,
      transformResponse: unwrap<Program[]>,
      extraOptions: { silent: true },
    }),
    programChildren: build.query<Program[], number>({
      query: (id) => `Doctors/GetListHealthProgramChildren/${id}`,
      transformResponse: unwrap<Program[]>,
      extraOptions: { silent: true },
    }),
    schedule: build.query<Day[], { doctorId: number; days: number }>({
      query: (params) => ({ url: 'Appointments/GetDoctorScheduleTimingSlots', params }),
      transformResponse: unwrap<Day[]>,
      providesTags: ['Schedule'],
      extraOptions: { silent: true },
    }),
    cities: build.query<City[], void>({
      query: () => 'Cities/GetAllCities',
      transformResponse: unwrap<City[]>,
    }),
    languages: build.query<Language[], void>({
      query: () => 'Languages',
      transformResponse: unwrap<Language[]>,
    }),
    serviceTypes: build.query<ServiceType[], void>({
      query: () => 'ServiceTypes',
      transformResponse: unwrap<ServiceType[]>,
    }),
    hospitalNames: build.query<Static<typeof HospitalName>[], void>({
      query: () => 'Hospitals/GetHospitalNames',
      transformResponse: unwrap<Static<typeof HospitalName>[]>,
    }),
  }),
});

export const {
  useDoctorQuery,
  useDoctorHospitalsQuery,
  usePriceQuery,
  useFeedbacksQuery,
  usePromoCodesQuery,
  useHealthProgramsQuery,
  useProgramChildrenQuery,
  useScheduleQuery,
  useCitiesQuery,
  useLanguagesQuery,
  useServiceTypesQuery,
  useHospitalNamesQuery,
} = doctorsApi;
