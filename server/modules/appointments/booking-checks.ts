import { AppointmentStatus, PaymentMethod } from '../../../schemas/codes';
import type { MakeAppointmentRequest } from '../../../schemas/appointments';
import type { FeatureKey } from '../../../schemas/features';
import { symptomChoiceProblem } from '../../../schemas/symptom-choice';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { loadUserAddress } from '../addresses/index';
import { walletBalanceSql } from '../wallet/index';
import { loadBookablePatient } from '../patients/index';
import { bookingWindow, dayOpen } from './booking-window';
import { localDateOf } from '../../../schemas/time';
import { claimKeyCte, type KeyClaim } from './idempotency';
import { priceOfDoctor, quoteFromPrice, type Quote } from './pricing';

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
  doctorName: string;
  /** The hospital of a hospital visit (hospitalId), as its message names it. */
  hospital: { name: string; address: string | null; addressEn: string | null } | null;
  /** A lapsed hold occupies the slot: release it before taking a place. */
  lapsedHold: boolean;
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
  return slotOpen(caller, await readSlot(sql, slotId, doctorId));
}

function slotOpen(caller: BookingCaller, slot: { startsAt: Date; hospitalId: number | null } | null) {
  if (!slot || slot.startsAt <= caller.now) throw new ApiError(409, 'slot_unavailable');
  const localDate = localDateOf(slot.startsAt, caller.tenant.booking.timeZone);
  if (!dayOpen(bookingWindow(caller.now, caller.tenant.booking), localDate)) {
    throw new ApiError(400, 'booking_closed');
  }
  return { ...slot, localDate };
}

/** What readTarget read: the request's claim of its key, and what the checks need. */
export interface BookingTarget {
  /** The Idempotency-Key was claimed by this request (false: without a key, or used before). */
  claimed: boolean;
  /** Null when the doctor is not bookable (unknown or not approved). */
  doctor: {
    name: string;
    dailyLimit: number | null;
    slot: { startsAt: Date; hospitalId: number | null } | null;
    hospitalOffered: boolean;
    /** The hospital asked for, else the slot's: what the booking's message names as the place. */
    hospital: { name: string; address: string | null; addressEn: string | null } | null;
    lapsedHold: boolean;
    price: number | null;
    /** The caller's wallet balance (VND). */
    walletBalance: number;
    symptoms: { own: number; known: number; doctorTotal: number };
  } | null;
}

/**
 * The booking's first statement: claims the Idempotency-Key (idempotency.ts) and reads the
 * approved doctor, the slot as it reads now (taking it is the atomic statement later; this is for
 * its day and hospital), whether the hospital asked for (else the slot's) is the doctor's and
 * approved, whether a lapsed online-payment hold still occupies the slot, the price of the service
 * type, the caller's wallet balance and the symptom counts; the doctor's and the hospital's names
 * for the booking's message.
 */
export async function readTarget(
  sql: Sql,
  caller: BookingCaller,
  body: MakeAppointmentRequest,
  claim: KeyClaim | null,
): Promise<BookingTarget> {
  const { rows } = await sql.query<{
    claimed: boolean;
    bookable: boolean;
    doctor_name: string;
    hospital_name: string | null;
    hospital_address: string | null;
    hospital_address_en: string | null;
    daily_booking_limit: number | null;
    starts_at: Date | string | null;
    hospital_id: number | null;
    hospital_offered: boolean;
    lapsed_hold: boolean;
    price: number | string | null;
    wallet_balance: number | string;
    own_symptoms: number;
    known_symptoms: number;
    doctor_symptoms: number;
  }>(
    `WITH ${claimKeyCte('$8', '$9', '$10')}
     SELECT EXISTS (SELECT 1 FROM claim) AS claimed, d.doctor_id IS NOT NULL AS bookable,
            d.full_name AS doctor_name, visit.name AS hospital_name, visit.address AS hospital_address,
            visit.address_en AS hospital_address_en, d.daily_booking_limit, s.starts_at, s.hospital_id,
            EXISTS (SELECT 1 FROM doctor_hospitals dh JOIN hospitals h ON h.hospital_id = dh.hospital_id
                     WHERE dh.doctor_id = d.doctor_id AND dh.hospital_id = coalesce($3::int, s.hospital_id)
                       AND h.approval_status = 1) AS hospital_offered,
            EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = $2 AND a.active AND a.status = ${AppointmentStatus.PaymentInitiated}
                       AND a.hold_expires_at <= $4) AS lapsed_hold,
            ${priceOfDoctor('$1', '$5', '$6')} AS price, ${walletBalanceSql('$8')} AS wallet_balance,
            (SELECT count(*)::int FROM doctor_symptoms ds WHERE ds.doctor_id = d.doctor_id AND ds.symptom_id = ANY($7::int[])) AS own_symptoms,
            (SELECT count(*)::int FROM symptoms sy WHERE sy.symptom_id = ANY($7::int[])) AS known_symptoms,
            (SELECT count(*)::int FROM doctor_symptoms ds WHERE ds.doctor_id = d.doctor_id) AS doctor_symptoms
       FROM (SELECT 1) AS request
       LEFT JOIN doctors d ON d.doctor_id = $1 AND d.approval_status = 1
       LEFT JOIN doctor_slots s ON s.slot_id = $2 AND s.doctor_id = d.doctor_id
       LEFT JOIN hospitals visit ON visit.hospital_id = coalesce($3::int, s.hospital_id)`,
    [
      body.doctorId,
      body.slotId,
      body.hospitalId ?? null,
      caller.now.toISOString(),
      body.serviceTypeId,
      [...caller.features],
      body.symptomIds,
      caller.userId,
      claim?.key ?? null,
      claim?.hash ?? null,
    ],
  );
  const r = rows[0]!;
  return {
    claimed: r.claimed,
    doctor: r.bookable
      ? {
          name: r.doctor_name,
          dailyLimit: r.daily_booking_limit,
          slot: r.starts_at === null ? null : { startsAt: new Date(r.starts_at), hospitalId: r.hospital_id },
          hospitalOffered: r.hospital_offered,
          hospital:
            r.hospital_name === null
              ? null
              : { name: r.hospital_name, address: r.hospital_address, addressEn: r.hospital_address_en },
          lapsedHold: r.lapsed_hold,
          price: r.price === null ? null : Number(r.price),
          walletBalance: Number(r.wallet_balance),
          symptoms: { own: r.own_symptoms, known: r.known_symptoms, doctorTotal: r.doctor_symptoms },
        }
      : null,
  };
}

/**
 * Presets must be symptoms the doctor treats (any known symptom when the doctor lists none); the
 * choice as a whole follows the form's rule (schemas/symptom-choice.ts): a preset, the patient's
 * own words or "not sure". Counts as readTarget read them.
 */
function checkSymptoms(symptomIds: number[], counts: { own: number; known: number; doctorTotal: number }) {
  if (symptomIds.length === 0) return;
  const ok = counts.doctorTotal > 0 ? counts.own === symptomIds.length : counts.known === symptomIds.length;
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
 * Every rule of MakeAppointment that reading can decide, on what readTarget read (the places
 * themselves are taken later, atomically): service type, slot window, hospital or address,
 * patient, symptoms, health records, price with promo and wallet, payment method.
 */
export async function checkBooking(
  sql: Sql,
  caller: BookingCaller,
  body: MakeAppointmentRequest,
  { doctor: target }: BookingTarget,
): Promise<CheckedBooking> {
  const symptomProblem = symptomChoiceProblem(body);
  if (symptomProblem) throw new ApiError(400, symptomProblem);
  if (!target) throw new ApiError(404, 'doctor_not_found');
  const quote = await quoteFromPrice(
    sql,
    {
      features: caller.features,
      doctorId: body.doctorId,
      serviceTypeId: body.serviceTypeId,
      promoCode: body.promoCode,
      useWallet: body.useWallet,
      userPackageId: body.userPackageId,
      userProductId: body.userProductId,
      userId: caller.userId,
      now: caller.now,
    },
    { price: target.price, walletBalance: target.walletBalance },
  );
  const slot = slotOpen(caller, target.slot);

  let hospitalId: number | null = null;
  let addressId: number | null = null;
  if (body.serviceTypeId === 0) {
    hospitalId = body.hospitalId ?? slot.hospitalId;
    if (hospitalId === null) throw new ApiError(400, 'select_hospital');
    if (!target.hospitalOffered) throw new ApiError(400, 'hospital_not_offered');
  } else if (body.serviceTypeId === 2) {
    if (body.addressId === undefined) throw new ApiError(400, 'select_address');
    const address = await loadUserAddress(sql, caller.userId, body.addressId);
    if (!address) throw new ApiError(404, 'address_not_found');
    addressId = address.addressId;
  }

  const patient = await loadBookablePatient(sql, caller.userId, body.patientId);
  if (!patient) throw new ApiError(404, 'patient_not_found');
  if (patient.missing.length > 0) throw new ApiError(400, 'personal_info_required', patient.missing);

  checkSymptoms(body.symptomIds, target.symptoms);
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
    dailyLimit: target.dailyLimit,
    quote,
    patientName: patient.fullName,
    doctorName: target.name,
    hospital: hospitalId === null ? null : target.hospital,
    lapsedHold: target.lapsedHold,
  };
}
