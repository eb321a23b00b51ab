import type { AppointmentDetail, AppointmentSummary } from '../../../schemas/appointments';
import { AppointmentStatus, type DateFilter } from '../../../schemas/codes';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { allowedChanges } from './change-rules';
import { bookingClock } from './clock';
import { localDateOf, timeSlotOf as slotOfMinutes, zonedParts } from '../../../schemas/time';
import { refundsOf } from './refunds';

/**
 * The read side of appointments: one query shape that turns rows into the contract's
 * AppointmentSummary / AppointmentDetail (doctor, speciality, patient, place, local day and
 * slot in the tenant's zone, what the patient may still do). Every read is scoped to the
 * caller: `a.user_id = $userId` here, the tenant by row-level security, so another user's or
 * another tenant's appointment id simply finds nothing (null -> 404 appointment_error).
 *
 * Used by care-routes (lists, detail, receipts) and the operator command; the permission flags
 * come from change-rules.ts, the same rules cancel and reschedule enforce.
 */

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const localDateIn = (timeZone: string, instant: Date): string => localDateOf(instant, timeZone);

/** The wall-clock time (HH:mm, 24 h) of an instant in a time zone. */
export function localTimeIn(timeZone: string, instant: Date): string {
  const { minutes } = zonedParts(instant, timeZone);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayOf = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/**
 * The inclusive local-day range of a date filter (spec: today, this_week (Monday to Sunday),
 * this_month, last_month, this_year, all), around `now` in the tenant's zone; null for all.
 */
export function dateFilterRange(
  filter: DateFilter,
  timeZone: string,
  now: Date,
): { from: string; to: string } | null {
  const today = dayOf(localDateIn(timeZone, now));
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  switch (filter) {
    case 'today':
      return { from: isoDay(today), to: isoDay(today) };
    case 'this_week': {
      const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
      return { from: isoDay(monday), to: isoDay(new Date(monday.getTime() + 6 * 86_400_000)) };
    }
    case 'this_month':
      return { from: isoDay(new Date(Date.UTC(y, m, 1))), to: isoDay(new Date(Date.UTC(y, m + 1, 0))) };
    case 'last_month':
      return { from: isoDay(new Date(Date.UTC(y, m - 1, 1))), to: isoDay(new Date(Date.UTC(y, m, 0))) };
    case 'this_year':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    default:
      return null;
  }
}

/** One row of the appointment query (snake case as selected). */
interface ViewRow {
  appointment_id: string | number;
  appointment_number: string;
  status: number;
  payment_status: number;
  payment_method: number;
  service_type_id: number;
  doctor_id: number;
  doctor_name: string;
  doctor_title: string;
  doctor_photo: string;
  speciality_name: string | null;
  patient_id: number;
  patient_name: string;
  hospital_id: number | null;
  hospital_name: string | null;
  address_id: number | null;
  address_line: string | null;
  ward_name: string | null;
  province_name: string | null;
  legacy_ward: string | null;
  legacy_district: string | null;
  legacy_province: string | null;
  starts_at: Date;
  ends_at: Date;
  local_date: string;
  time_slot: number | null;
  price: number;
  discount: number;
  wallet_amount: number;
  final_price: number;
  queue_number: number | null;
  hold_expires_at: Date | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  cancel_remark: string | null;
  reschedule_count: number;
  follow_up_of: string | number | null;
  invoice_number: string | null;
  invoice_released_at: Date | null;
  completed_at: Date | null;
  note: string;
  other_symptom: string;
  symptoms_unknown: boolean;
  created_at: Date;
  reviewed: boolean;
  total?: string | number;
}

/** The select list; ward and province names come from admin_units (migration 011). */
/** The detail's lists, read with the appointment (JSON from PostgreSQL). */
interface DetailChildren {
  symptom_list: AppointmentDetail['symptoms'];
  record_list: AppointmentDetail['healthRecords'];
  reschedule_list: AppointmentDetail['reschedules'];
}

/** The statuses an appointment may have had money given back in (cancel, lapsed hold, failed payment). */
const REFUNDABLE_STATUSES: readonly number[] = [
  AppointmentStatus.PaymentCancel,
  AppointmentStatus.PaymentFailed,
  AppointmentStatus.Cancelled,
];

function selectSql(lang: LanguageCode): string {
  const unitNames = `(SELECT u.name FROM admin_units u WHERE u.code = ua.ward_code) AS ward_name,
       (SELECT u.name FROM admin_units u WHERE u.code = ua.province_code) AS province_name,`;
  const title = lang === 'en' ? 'd.title_en' : 'd.title_vi';
  const name = lang === 'en' ? 'sp.name_en' : 'sp.name_vi';
  return `SELECT a.appointment_id, a.appointment_number, a.status, a.payment_status, a.payment_method,
       a.service_type_id, a.doctor_id, d.full_name AS doctor_name, ${title} AS doctor_title, d.photo AS doctor_photo,
       (SELECT ${name} FROM doctor_specialities ds JOIN specialities sp ON sp.speciality_id = ds.speciality_id
         WHERE ds.doctor_id = a.doctor_id ORDER BY sp.sort_order, sp.speciality_id LIMIT 1) AS speciality_name,
       a.patient_id, p.full_name AS patient_name, a.hospital_id, h.name AS hospital_name,
       a.address_id, ua.address_line, ${unitNames}
       ua.legacy_ward, ua.legacy_district, ua.legacy_province,
       a.starts_at, a.ends_at, to_char(a.local_date, 'YYYY-MM-DD') AS local_date, sl.time_slot,
       a.price, a.discount, a.wallet_amount, a.final_price, a.queue_number, a.hold_expires_at,
       a.cancelled_by, a.cancel_reason, a.cancel_remark, a.reschedule_count, a.follow_up_of,
       a.invoice_number, a.invoice_released_at, a.completed_at, a.note, a.other_symptom, a.symptoms_unknown, a.created_at,
       EXISTS (SELECT 1 FROM doctor_feedbacks f WHERE f.appointment_id = a.appointment_id) AS reviewed`;
}

const FROM = `FROM appointments a
  JOIN doctors d ON d.doctor_id = a.doctor_id
  JOIN patients p ON p.patient_id = a.patient_id
  LEFT JOIN hospitals h ON h.hospital_id = a.hospital_id
  LEFT JOIN user_addresses ua ON ua.address_id = a.address_id
  LEFT JOIN doctor_slots sl ON sl.slot_id = a.slot_id`;

/** One line of an address: the street line, then the ward and province (or the old three levels). */
function addressText(r: ViewRow): string | null {
  if (r.address_id === null || r.address_line === null) return null;
  const parts =
    r.legacy_ward || r.legacy_district || r.legacy_province
      ? [r.address_line, r.legacy_ward, r.legacy_district, r.legacy_province]
      : [r.address_line, r.ward_name, r.province_name];
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/** Morning / Afternoon / Evening of the start in the tenant's zone (when the slot row is gone). */
function timeSlotOf(r: ViewRow, timeZone: string): number {
  if (r.time_slot !== null) return r.time_slot;
  return slotOfMinutes(zonedParts(new Date(r.starts_at), timeZone).minutes);
}

const iso = (d: Date | string) => new Date(d).toISOString();

function summaryOf(r: ViewRow, tenant: TenantConfig, now: Date): AppointmentSummary {
  const booking = tenant.booking;
  const state = { status: r.status, startsAt: new Date(r.starts_at), rescheduleCount: r.reschedule_count };
  const changes = allowedChanges(tenant, state, now);
  return {
    appointmentId: Number(r.appointment_id),
    appointmentNumber: r.appointment_number,
    status: r.status,
    paymentStatus: r.payment_status,
    paymentMethod: r.payment_method,
    serviceTypeId: r.service_type_id,
    doctorId: r.doctor_id,
    doctorName: r.doctor_name,
    doctorTitle: r.doctor_title,
    doctorPhoto: r.doctor_photo,
    specialityName: r.speciality_name ?? '',
    patientId: r.patient_id,
    patientName: r.patient_name,
    hospitalId: r.hospital_id,
    hospitalName: r.hospital_name,
    addressText: addressText(r),
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    localDate: r.local_date,
    timeZone: booking.timeZone,
    timeSlot: timeSlotOf(r, booking.timeZone),
    finalPrice: r.final_price,
    queueNumber: r.queue_number,
    cancelledBy: r.cancelled_by,
    canCancel: changes.canCancel,
    canReschedule: changes.canReschedule,
    canReview: r.status === AppointmentStatus.Completed && !r.reviewed,
    reviewed: r.reviewed,
  };
}

/**
 * The caller's appointment with everything the detail page shows, or null when it is not the
 * caller's (another user's or another tenant's: the caller answers 404 appointment_error).
 * Runs inside the tenant's transaction.
 */
export async function loadAppointmentDetail(
  sql: Sql,
  tenant: TenantConfig,
  userId: number,
  appointmentId: number,
  lang: LanguageCode,
  now: Date = bookingClock.now(),
): Promise<AppointmentDetail | null> {
  const symptomName = lang === 'en' ? 's.name_en' : 's.name_vi';
  // One statement: the appointment with its symptoms, shared records and reschedules as JSON.
  const { rows } = await sql.query<ViewRow & DetailChildren>(
    `${selectSql(lang)},
       (SELECT coalesce(json_agg(json_build_object('symptomId', s.symptom_id, 'name', ${symptomName})
                 ORDER BY s.sort_order, s.symptom_id), '[]')
          FROM appointment_symptoms x JOIN symptoms s ON s.symptom_id = x.symptom_id
         WHERE x.appointment_id = a.appointment_id) AS symptom_list,
       (SELECT coalesce(json_agg(json_build_object('healthRecordId', r.health_record_id, 'recordName', r.record_name)
                 ORDER BY r.health_record_id), '[]')
          FROM appointment_health_records x JOIN health_records r ON r.health_record_id = x.health_record_id
         WHERE x.appointment_id = a.appointment_id) AS record_list,
       (SELECT coalesce(json_agg(json_build_object('previousStartsAt', x.previous_starts_at,
                 'newStartsAt', x.new_starts_at, 'rescheduledBy', x.rescheduled_by, 'reason', x.reason,
                 'remark', x.remark, 'createdAt', x.created_at) ORDER BY x.reschedule_id), '[]')
          FROM appointment_reschedules x WHERE x.appointment_id = a.appointment_id) AS reschedule_list
     ${FROM} WHERE a.user_id = $1 AND a.appointment_id = $2`,
    [userId, appointmentId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...summaryOf(r, tenant, now),
    price: r.price,
    discount: r.discount,
    walletAmount: r.wallet_amount,
    paymentUrl: null,
    holdExpiresAt: r.hold_expires_at ? iso(r.hold_expires_at) : null,
    symptoms: r.symptom_list,
    otherSymptom: r.other_symptom,
    symptomsUnknown: r.symptoms_unknown,
    healthRecords: r.record_list,
    note: r.note,
    cancelReason: r.cancel_reason,
    cancelRemark: r.cancel_remark,
    rescheduleCount: r.reschedule_count,
    reschedules: r.reschedule_list.map((x) => ({
      ...x,
      previousStartsAt: iso(x.previousStartsAt),
      newStartsAt: iso(x.newStartsAt),
      createdAt: iso(x.createdAt),
    })),
    followUpOf: r.follow_up_of === null ? null : Number(r.follow_up_of),
    invoiceNumber: r.invoice_number,
    createdAt: iso(r.created_at),
    // Money goes back only when an appointment ends unpaid or cancelled: nothing to read before.
    refunds: REFUNDABLE_STATUSES.includes(r.status) ? await refundsOf(sql, appointmentId) : [],
  };
}

export interface ListOptions {
  /** 2 Upcoming (active and not ended, soonest first), 1 Past (the rest, newest first). */
  type?: 1 | 2;
  /** Only Completed appointments, newest first (list-pass-appointment); overrides `type`. */
  completedOnly?: boolean;
  /** Only these appointments (list-pass-shared-appointment's ConsulationNoteAppointmentIds). */
  onlyIds?: number[];
  /** Only the past consultations the caller shared with this appointment of theirs. */
  sharedWith?: number;
  duration?: DateFilter;
  pageNumber?: number;
  pageSize?: number;
}

/** A page of the caller's appointments and the total count (inside the tenant's transaction). */
export async function listAppointments(
  sql: Sql,
  tenant: TenantConfig,
  userId: number,
  options: ListOptions,
  lang: LanguageCode,
  now: Date = bookingClock.now(),
): Promise<{
  appointments: AppointmentSummary[];
  pagination: { pageNumber: number; pageSize: number; totalRecords: number };
}> {
  const pageNumber = options.pageNumber ?? 1;
  const pageSize = options.pageSize ?? 15;
  const params: unknown[] = [userId, now];
  const where = ['a.user_id = $1'];
  let order: string;
  if (options.completedOnly) {
    where.push(`a.status = ${AppointmentStatus.Completed}`);
    order = 'a.starts_at DESC, a.appointment_id DESC';
  } else if ((options.type ?? 2) === 2) {
    where.push('a.active AND a.ends_at > $2');
    order = 'a.starts_at, a.appointment_id';
  } else {
    where.push('NOT (a.active AND a.ends_at > $2)');
    order = 'a.starts_at DESC, a.appointment_id DESC';
  }
  if (options.onlyIds) {
    params.push(options.onlyIds);
    where.push(`a.appointment_id = ANY($${params.length}::bigint[])`);
  }
  if (options.sharedWith !== undefined) {
    params.push(options.sharedWith);
    where.push(
      `a.appointment_id IN (SELECT s.source_appointment_id FROM appointment_shared_consultations s WHERE s.appointment_id = $${params.length})`,
    );
  }
  const range = dateFilterRange(options.duration ?? 'all', tenant.booking.timeZone, now);
  if (range) {
    params.push(range.from, range.to);
    where.push(`a.local_date BETWEEN $${params.length - 1}::date AND $${params.length}::date`);
  }
  params.push(pageSize, (pageNumber - 1) * pageSize);
  const { rows } = await sql.query<ViewRow>(
    `${selectSql(lang)}, count(*) OVER () AS total ${FROM}
      WHERE ${where.join(' AND ')} AND $2::timestamptz IS NOT NULL
      ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let totalRecords = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && pageNumber > 1) {
    const count = await sql.query<{ n: string | number }>(
      `SELECT count(*) AS n ${FROM} WHERE ${where.join(' AND ')} AND $2::timestamptz IS NOT NULL`,
      params.slice(0, -2),
    );
    totalRecords = Number(count.rows[0]?.n ?? 0);
  }
  return {
    appointments: rows.map((r) => summaryOf(r, tenant, now)),
    pagination: { pageNumber, pageSize, totalRecords },
  };
}
