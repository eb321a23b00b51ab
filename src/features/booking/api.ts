import type { Static } from 'typebox';
import type {
  AppointmentDetail,
  AppointmentList,
  Invoice as InvoiceSchema,
  MakeAppointmentRequest,
  MakeAppointmentResult,
  PriceQuote,
} from '../../../schemas/appointments';
import type { DoctorDetail, Hospital, Symptom } from '../../../schemas/catalogue';
import type { PriceCheck, ScheduleDay } from '../../../schemas/discovery';
import type { Patient } from '../../../schemas/patients';
import { baseApi, unwrap } from '../../lib/api';

export type { AppointmentDetail, MakeAppointmentRequest, MakeAppointmentResult, PriceQuote };
export type Day = Static<typeof ScheduleDay>;
export type Price = Static<typeof PriceCheck>;
export type Invoice = Static<typeof InvoiceSchema>;

/** A family member or the account holder (Patients/GetPatients). */
export type BookablePatient = Patient;

export interface ScheduleArgs {
  doctorId: number;
  fromDate?: string;
  days: number;
}

/** Lists of the signed-in user come back either bare or wrapped with a pagination. */
const listOf =
  <T>(key: string) =>
  (reply: { data: unknown }): T[] => {
    const data = reply.data;
    if (Array.isArray(data)) return data as T[];
    const inner = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : null;
    return Array.isArray(inner) ? (inner as T[]) : [];
  };

/** Saves a downloaded file under a name, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The Book Appointment page, the confirmation and the receipt. Every call is silent: the page
 * shows each failure where it happened, translated (src/lib/reply.ts).
 */
export const bookingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    bookingDoctor: build.query<DoctorDetail, number>({
      query: (id) => `Doctors/GetDoctor/${id}`,
      transformResponse: unwrap<DoctorDetail>,
      extraOptions: { silent: true },
    }),
    bookingHospitals: build.query<Hospital[], number>({
      query: (id) => `Doctors/GetDoctorHospitals/${id}`,
      transformResponse: unwrap<Hospital[]>,
      extraOptions: { silent: true },
    }),
    bookingSchedule: build.query<Day[], ScheduleArgs>({
      query: (params) => ({ url: 'Appointments/GetDoctorScheduleTimingSlots', params }),
      transformResponse: unwrap<Day[]>,
      providesTags: ['Schedule'],
      extraOptions: { silent: true },
    }),
    bookingPrice: build.query<Price, { doctorId: number; serviceTypeId: number }>({
      query: (params) => ({ url: 'Appointments/CheckPriceOfAppointment', params }),
      transformResponse: unwrap<Price>,
      extraOptions: { silent: true },
    }),
    // The caller's completed appointments (newest 20), to share past consultations with the doctor.
    pastConsultations: build.query<AppointmentList, void>({
      query: () => ({
        url: 'Appointments/GetListPassAppointment/list-pass-appointment',
        params: { PageSize: 20 },
      }),
      transformResponse: unwrap<AppointmentList>,
    }),
    doctorSymptoms: build.query<Symptom[], number>({
      query: (doctorId) => ({ url: 'Doctors/SymptomsByDoctor/symptoms-by-doctor', params: { doctorId } }),
      transformResponse: unwrap<Symptom[]>,
      extraOptions: { silent: true },
    }),
    bookingPatients: build.query<BookablePatient[], void>({
      query: () => 'Patients/GetPatients',
      transformResponse: listOf<BookablePatient>('patients'),
      extraOptions: { silent: true },
    }),
    /** PromoCodes/ApplyPromoCode: a quote, no state changes, so a query keyed by its body. */
    promoQuote: build.query<PriceQuote, { doctorId: number; serviceTypeId: number; promoCode: string }>({
      query: (body) => ({ url: 'PromoCodes/ApplyPromoCode', method: 'POST', body }),
      transformResponse: unwrap<PriceQuote>,
      extraOptions: { silent: true },
    }),
    /** Appointments/ApplyWalletBalance: what the wallet would pay (an error when not eligible). */
    walletQuote: build.query<PriceQuote, { doctorId: number; serviceTypeId: number; promoCode?: string }>({
      query: (body) => ({ url: 'Appointments/ApplyWalletBalance', method: 'POST', body }),
      transformResponse: unwrap<PriceQuote>,
      extraOptions: { silent: true },
    }),
    makeAppointment: build.mutation<
      MakeAppointmentResult,
      { body: MakeAppointmentRequest; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: 'Appointments/MakeAppointment',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: unwrap<MakeAppointmentResult>,
      // Paying with the wallet changes its balance and history. Booked or refused (the slot went
      // meanwhile), the free slots shown are stale, and a booking joins the appointment list.
      invalidatesTags: ['Wallet', 'Schedule', { type: 'Appointments', id: 'LIST' }],
      extraOptions: { silent: true },
    }),
    bookedAppointment: build.query<AppointmentDetail, number>({
      query: (id) => `Appointments/GetAppointment/${id}`,
      transformResponse: unwrap<AppointmentDetail>,
      // The receipt opened after a cancel must show the refund, not the cached paid booking.
      providesTags: (_result, _error, id) => [{ type: 'Appointment', id }],
      extraOptions: { silent: true },
    }),
    releaseInvoice: build.mutation<Invoice, number>({
      query: (appointmentId) => ({
        url: 'Appointments/ReleaseAppointmentInvoice/release-invoice',
        method: 'POST',
        body: { appointmentId },
      }),
      transformResponse: unwrap<Invoice>,
      extraOptions: { silent: true },
    }),
    /** Fetches the PDF with the bearer token (the base query's headers) and saves it; no blob in the store. */
    downloadReceipt: build.mutation<{ saved: true }, { appointmentId: number; receiptUrl?: string | null }>({
      async queryFn({ appointmentId, receiptUrl }, _api, _extra, baseQuery) {
        // The invoice names the receipt's URL (absolute or from the root); the base query adds /api/v1.
        const path = receiptUrl ? new URL(receiptUrl, 'http://portal.invalid').pathname : '';
        const url = path.startsWith('/api/v1/')
          ? path.slice('/api/v1/'.length)
          : `Appointments/Receipt/${appointmentId}`;
        const result = await baseQuery({
          url,
          headers: { Accept: 'application/pdf' },
          responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
        });
        if (result.error) return { error: result.error };
        saveBlob(result.data as Blob, `receipt-${appointmentId}.pdf`);
        return { data: { saved: true } };
      },
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useBookingDoctorQuery,
  useBookingHospitalsQuery,
  useBookingScheduleQuery,
  useBookingPriceQuery,
  useDoctorSymptomsQuery,
  usePastConsultationsQuery,
  useBookingPatientsQuery,
  usePromoQuoteQuery,
  useWalletQuoteQuery,
  useMakeAppointmentMutation,
  useBookedAppointmentQuery,
  useReleaseInvoiceMutation,
  useDownloadReceiptMutation,
} = bookingApi;
