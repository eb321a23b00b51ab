import { AppointmentStatus, PaymentMethod } from '../../../schemas/codes';
import type { MakeAppointmentRequest } from '../../../schemas/appointments';
import type { FeatureKey } from '../../../schemas/features';
import { symptomChoiceProblem } from '../../../schemas/symptom-choice';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { loadUserAddress } from '../addresses/index';
import { loadBookablePatient } from '../patients/index';
import { bookingWindow, dayOpen } from './booking-window';
import { localDateOf } from '../../../schemas/time';
import { quotePrice, type Quote } from './pricing';

export interface BookingCaller {
  tenant: TenantConfig;
  features: readonly FeatureKey[];
  userId: number;
  now: Date;
}

/** What a valid booking request resolves to, before any place is taken. */
export interface CheckedBooking {
  localDate: string;
  hospitalId: number | null;
  addressId: number | null;
  dailyLimit: number | null;
  quote: Quote;
  patientName: string;
}

/** The slot as it reads now (taking it is the atomic UPDATE later; this is for day and hospital). */
export async function readSlot(sql: Sql, slotId: number, doctorId: number) {
  const { rows } = await sql.query<{ starts_at: Date | string; hospital_id: number | null }>(
    'SELECT starts_at, hospital_id FROM doctor_slots WHERE slot_id = $1 AND doctor_id = $2',
    [slotId, doctorId],
  );
  return rows[0] ? { startsAt: new Date(rows[0].starts_at), hospitalId: rows[0].hospital_id } : null;
}

/**
 * A slot may be booked: it exists for the doctor, has not started, and its local day is inside the
 * tenant's window (same-day cut-off, maxDaysAhead). Returns its local day.
 */
export async function checkSlotOpen(sql: Sql, caller: BookingCaller, slotId: number, doctorId: number) {
  const slot = await readSlot(sql, slotId, doctorId);
  if (!slot || slot.startsAt <= caller.now) throw new ApiError(409, 'slot_unavailable');
  const localDate = localDateOf(slot.startsAt, caller.tenant.booking.timeZone);
  if (!dayOpen(bookingWindow(caller.now, caller.tenant.booking), localDate)) {
    throw new ApiError(400, 'booking_closed');
  }
  return { ...slot, localDate };
}

async function doctorLimit(sql: Sql, doctorId: number): Promise<{ limit: number | null } | null> {
  const { rows } = await sql.query<{ daily_booking_limit: number | null }>(
    'SELECT daily_booking_limit FROM doctors WHERE doctor_id = $1 AND approval_status = 1',
    [doctorId],
  );
  return rows[0] ? { limit: rows[0].daily_booking_limit } : null;
}

async function checkHospital(sql: Sql, doctorId: number, hospitalId: number | null): Promise<number> {
  if (hospitalId === null) throw new ApiError(400, 'select_hospital');
  const { rows } = await sql.query(
    `SELECT 1 FROM doctor_hospitals dh JOIN hospitals h ON h.hospital_id = dh.hospital_id
      WHERE dh.doctor_id = $1 AND dh.hospital_id = $2 AND h.approval_status = 1`,
    [doctorId, hospitalId],
  );
  if (rows.length === 0) throw new ApiError(400, 'hospital_not_offered');
  return hospitalId;
}

/**
 * Presets must be symptoms the doctor treats (any known symptom when the doctor lists none); the
 * choice as a whole follows the form's rule (schemas/symptom-choice.ts): a preset, the patient's
 * own words or "not sure".
 */
async function checkSymptoms(sql: Sql, doctorId: number, symptomIds: number[]): Promise<void> {
  if (symptomIds.length === 0) return;
  const { rows } = await sql.query<{ own: number; known: number; total: number }>(
    `SELECT (SELECT count(*)::int FROM doctor_symptoms WHERE doctor_id = $1 AND symptom_id = ANY($2::int[])) AS own,
            (SELECT count(*)::int FROM symptoms WHERE symptom_id = ANY($2::int[])) AS known,
            (SELECT count(*)::int FROM doctor_symptoms WHERE doctor_id = $1) AS total`,
    [doctorId, symptomIds],
  );
  const r = rows[0]!;
  const ok = r.total > 0 ? r.own === symptomIds.length : r.known === symptomIds.length;
  if (!ok) throw new ApiError(400, 'select_symptom');
}

/**
 * Records shared with an appointment are the booked patient's own: the appointment's doctor side
 * sees them, so a family member's record never reaches another patient's doctor.
 */
async function checkHealthRecords(sql: Sql, userId: number, patientId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM health_records
      WHERE user_id = $1 AND patient_id = $3 AND health_record_id = ANY($2::int[]) AND deleted_at IS NULL`,
    [userId, ids, patientId],
  );
  if (rows[0]!.n !== ids.length) throw new ApiError(404, 'health_record_not_found');
}

/**
 * Past consultations shared with a new appointment are the booked patient's own completed
 * appointments: the new doctor reads their notes (a visit without a note shares nothing).
 */
async function checkSharedConsultations(
  sql: Sql,
  userId: number,
  patientId: number,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointments a
      WHERE a.user_id = $1 AND a.patient_id = $3 AND a.appointment_id = ANY($2::bigint[]) AND a.status = ${AppointmentStatus.Completed}`,
    [userId, ids, patientId],
  );
  if (rows[0]!.n !== ids.length) throw new ApiError(404, 'shared_consultation_not_found');
}

/** Payment methods: offered by the tenant; 3 needs hospitalFeeGuarantee; 2 only free; 0/1 only paid. */
export function checkPaymentMethod(caller: BookingCaller, method: number, finalPrice: number): void {
  const offered = caller.tenant.booking.paymentMethods.includes(method);
  const fits =
    method === PaymentMethod.FreeOfConsultation
      ? finalPrice === 0
      : method === PaymentMethod.RequestForMedicalFeeCoverage
        ? caller.features.includes('hospitalFeeGuarantee')
        : finalPrice > 0;
  if (!offered || !fits) throw new ApiError(400, 'payment_method_not_allowed');
}

/** A follow-up continues one of the caller's completed appointments with the same doctor. */
async function checkFollowUp(
  sql: Sql,
  userId: number,
  appointmentId: number,
  doctorId: number,
): Promise<void> {
  const { rows } = await sql.query<{ status: number; doctor_id: number }>(
    'SELECT status, doctor_id FROM appointments WHERE appointment_id = $1 AND user_id = $2',
    [appointmentId, userId],
  );
  const previous = rows[0];
  if (!previous) throw new ApiError(404, 'appointment_error');
  if (Number(previous.status) !== 10 || Number(previous.doctor_id) !== doctorId)
    throw new ApiError(409, 'follow_up_not_allowed');
}

/**
 * Every rule of MakeAppointment that reading can decide (the places themselves are taken later,
 * atomically): service type, slot window, hospital or address, patient, symptoms, health
 * records, price with promo and wallet, payment method.
 */
export async function checkBooking(
  sql: Sql,
  caller: BookingCaller,
  body: MakeAppointmentRequest,
): Promise<CheckedBooking> {
  const symptomProblem = symptomChoiceProblem(body);
  if (symptomProblem) throw new ApiError(400, symptomProblem);
  const doctor = await doctorLimit(sql, body.doctorId);
  if (!doctor) throw new ApiError(404, 'doctor_not_found');
  const quote = await quotePrice(sql, {
    features: caller.features,
    doctorId: body.doctorId,
    serviceTypeId: body.serviceTypeId,
    promoCode: body.promoCode,
    useWallet: body.useWallet,
    userPackageId: body.userPackageId,
    userProductId: body.userProductId,
    userId: caller.userId,
    now: caller.now,
  });
  const slot = await checkSlotOpen(sql, caller, body.slotId, body.doctorId);

  let hospitalId: number | null = null;
  let addressId: number | null = null;
  if (body.serviceTypeId === 0) {
    hospitalId = await checkHospital(sql, body.doctorId, body.hospitalId ?? slot.hospitalId);
  } else if (body.serviceTypeId === 2) {
    if (body.addressId === undefined) throw new ApiError(400, 'select_address');
    const address = await loadUserAddress(sql, caller.userId, body.addressId);
    if (!address) throw new ApiError(404, 'address_not_found');
    addressId = address.addressId;
  }

  const patient = await loadBookablePatient(sql, caller.userId, body.patientId);
  if (!patient) throw new ApiError(404, 'patient_not_found');
  if (patient.missing.length > 0) throw new ApiError(400, 'personal_info_required', patient.missing);

  await checkSymptoms(sql, body.doctorId, body.symptomIds);
  await checkHealthRecords(sql, caller.userId, body.patientId, body.healthRecordIds ?? []);
  await checkSharedConsultations(
    sql,
    caller.userId,
    body.patientId,
    body.consulationNoteAppointmentIds ?? [],
  );
  if (body.followUpOf !== undefined) await checkFollowUp(sql, caller.userId, body.followUpOf, body.doctorId);
  checkPaymentMethod(caller, body.paymentMethod, quote.finalPrice);

  return {
    localDate: slot.localDate,
    hospitalId,
    addressId,
    dailyLimit: doctor.limit,
    quote,
    patientName: patient.fullName,
  };
}
