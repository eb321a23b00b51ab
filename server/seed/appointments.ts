import { addDays, DEFAULT_TIME_ZONE, localDateOf, zonedInstant, zonedParts } from '../../schemas/time';
import type { Sql } from '../db/database';

/**
 * Demo appointments: the demo account's patients (seedDemoPatients) get a short history, so the
 * Past list, consultation notes, prescriptions, reviews and receipts have something to show on a
 * fresh demo. Each appointment takes its own past slot (inserted here, booked_count 1 for a
 * completed one, 0 for a cancelled one), so none of the booking constraints is bent.
 */

const DAY_MS = 86_400_000;

export interface AppointmentInput {
  userId: number;
  patientId: number;
  doctorId: number;
  serviceTypeId: number;
  startsAt: Date;
  minutes?: number;
  status: number;
  paymentStatus: number;
  paymentMethod: number;
  price: number;
  discount?: number;
  walletAmount?: number;
  hospitalId?: number | null;
  addressId?: number | null;
  queueNumber?: number | null;
  holdExpiresAt?: Date | null;
  cancelledBy?: string | null;
  cancelReason?: string | null;
  completedAt?: Date | null;
  note?: string;
  /** Number prefix (tenant initials); default: the first two letters of the tenant code. */
  prefix?: string;
  timeZone?: string;
  createdAt?: Date;
}

/**
 * Inserts one appointment with its own slot (a slot row at exactly that time must not exist yet)
 * and, when it is active, counts it in booking_day_counts like booking does. Runs inside a
 * transaction with app.tenant_id set (the seed's, a test's or an operator's).
 * @returns the appointment id and number
 */
export async function insertAppointment(
  sql: Sql,
  tenant: string,
  input: AppointmentInput,
): Promise<{ appointmentId: number; appointmentNumber: string; slotId: number }> {
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const endsAt = new Date(input.startsAt.getTime() + (input.minutes ?? 30) * 60_000);
  const active = [0, 1, 4].includes(input.status);
  const taken = active || input.status === 10;
  const hour = zonedParts(input.startsAt, zone).hour;
  const { rows: slot } = await sql.query<{ slot_id: string | number }>(
    `INSERT INTO doctor_slots (tenant_id, doctor_id, hospital_id, starts_at, ends_at, time_slot, booked_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING slot_id`,
    [
      tenant,
      input.doctorId,
      input.hospitalId ?? null,
      input.startsAt,
      endsAt,
      hour < 12 ? 0 : hour < 18 ? 1 : 2,
      taken ? 1 : 0,
    ],
  );
  const slotId = Number(slot[0]!.slot_id);
  const { rows: next } = await sql.query<{ id: string | number }>(
    `SELECT nextval(pg_get_serial_sequence('appointments', 'appointment_id')) AS id`,
  );
  const appointmentId = Number(next[0]!.id);
  const day = localDateOf(input.startsAt, zone);
  const createdAt = input.createdAt ?? new Date(input.startsAt.getTime() - 3 * DAY_MS);
  const prefix = (input.prefix ?? tenant.slice(0, 2)).toUpperCase();
  const appointmentNumber = `${prefix}-${localDateOf(createdAt, zone).slice(2).replaceAll('-', '')}-${String(appointmentId).padStart(5, '0')}`;
  const discount = input.discount ?? 0;
  const wallet = input.walletAmount ?? 0;
  await sql.query(
    `INSERT INTO appointments (appointment_id, tenant_id, appointment_number, user_id, patient_id, doctor_id, slot_id,
       service_type_id, hospital_id, address_id, starts_at, ends_at, local_date, status, payment_status,
       payment_method, price, discount, wallet_amount, final_price, note, queue_number, hold_expires_at,
       cancelled_by, cancel_reason, cancel_remark, cancelled_at, completed_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::date, $14, $15, $16, $17, $18, $19, $20, $21,
       $22, $23, $24, $25, $26, $27, $28, $29, $29)`,
    [
      appointmentId,
      tenant,
      appointmentNumber,
      input.userId,
      input.patientId,
      input.doctorId,
      slotId,
      input.serviceTypeId,
      input.hospitalId ?? null,
      input.addressId ?? null,
      input.startsAt,
      endsAt,
      day,
      input.status,
      input.paymentStatus,
      input.paymentMethod,
      input.price,
      discount,
      wallet,
      input.price - discount - wallet,
      input.note ?? '',
      input.queueNumber ?? null,
      input.holdExpiresAt ?? null,
      input.cancelledBy ?? null,
      input.cancelReason ?? null,
      input.cancelledBy ? '' : null,
      input.cancelledBy ? createdAt : null,
      input.completedAt ?? null,
      createdAt,
    ],
  );
  if (active) {
    await sql.query(
      `INSERT INTO booking_day_counts (tenant_id, doctor_id, local_date, active_count, issued)
       VALUES ($1, $2, $3::date, 1, 1)
       ON CONFLICT (tenant_id, doctor_id, local_date)
       DO UPDATE SET active_count = booking_day_counts.active_count + 1, issued = booking_day_counts.issued + 1`,
      [tenant, input.doctorId, day],
    );
  }
  return { appointmentId, appointmentNumber, slotId };
}

/** A consultation note and prescription of an appointment (the operator command's row). */
export async function insertConsultation(
  sql: Sql,
  appointmentId: number,
  c: { diagnosis: string; note: string; advice?: string; prescription: unknown[]; createdAt: Date },
): Promise<void> {
  await sql.query(
    `INSERT INTO consultations (appointment_id, diagnosis, note, advice, prescription, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [appointmentId, c.diagnosis, c.note, c.advice ?? '', JSON.stringify(c.prescription), c.createdAt],
  );
}

const PRESCRIPTION = [
  {
    name: 'Paracetamol 500 mg',
    dosage: '1 viên',
    frequency: '3 lần/ngày sau ăn',
    days: 5,
    note: 'Khi sốt trên 38,5°C',
  },
  { name: 'Vitamin C 500 mg', dosage: '1 viên', frequency: '1 lần/ngày', days: 10, note: '' },
];

/** Local wall time `hh:mm` on the day `daysAgo` before `now`, on the tenant's clock. */
const localTime = (now: Date, timeZone: string, daysAgo: number, hh: number, mm: number): Date =>
  zonedInstant(addDays(localDateOf(now, timeZone), -daysAgo), hh * 60 + mm, timeZone);

/**
 * For each patient of the tenant's demo account: one Completed hospital visit with a
 * consultation note and a prescription and no review yet (review it in the demo), one Completed
 * appointment already reviewed (a doctor feedback tied to it, the doctor's rating updated), and
 * one Cancelled. Idempotent: an account that already has appointments is left alone.
 * Runs in the seed's owner transaction with app.tenant_id set.
 * @returns the number of appointments created
 */
export async function seedDemoAppointments(
  sql: Sql,
  code: string,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<number> {
  const { rows: users } = await sql.query<{ user_id: number; busy: boolean }>(
    `SELECT u.user_id, EXISTS (SELECT 1 FROM appointments a WHERE a.user_id = u.user_id) AS busy
       FROM users u WHERE u.email = $1 AND u.tenant_id = current_tenant()`,
    [`demo@${code}.example`],
  );
  const user = users[0];
  if (!user || user.busy) return 0;
  // The account holder as a patient ("myself") when the patients seed has not made one.
  await sql.query(
    `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth, email, phone_code, mobile_number,
                           created_at, updated_at)
     SELECT user_id, true, full_name, COALESCE(gender, 'M'), COALESCE(date_of_birth, '1985-04-12'), email,
            phone_code, mobile_number, $2, $2
       FROM users WHERE user_id = $1
     ON CONFLICT (tenant_id, user_id) WHERE is_self AND deleted_at IS NULL DO NOTHING`,
    [user.user_id, now],
  );
  const { rows: patients } = await sql.query<{ patient_id: number; full_name: string }>(
    `SELECT patient_id, full_name FROM patients WHERE user_id = $1 AND deleted_at IS NULL
      ORDER BY is_self DESC, patient_id`,
    [user.user_id],
  );
  // Approved doctors with a hospital and a hospital-visit price. (The seed's owner may be a
  // superuser that bypasses RLS: every read names the tenant itself.)
  const { rows: doctors } = await sql.query<{ doctor_id: number; hospital_id: number; price: number }>(
    `SELECT d.doctor_id, min(dh.hospital_id) AS hospital_id, min(dp.price) AS price
       FROM doctors d
       JOIN doctor_hospitals dh ON dh.doctor_id = d.doctor_id
       JOIN doctor_prices dp ON dp.doctor_id = d.doctor_id AND dp.service_type_id = 0
      WHERE d.tenant_id = current_tenant() AND d.approval_status = 1 AND dp.price > 0
      GROUP BY d.doctor_id ORDER BY d.doctor_id LIMIT 6`,
  );
  if (doctors.length < 3) return 0;
  let created = 0;
  for (const [i, patient] of patients.entries()) {
    const pick = (k: number) => doctors[(i * 3 + k) % doctors.length]!;
    const base = {
      userId: user.user_id,
      patientId: patient.patient_id,
      serviceTypeId: 0,
      prefix: code.slice(0, 2),
      timeZone,
    };
    // 1. Completed hospital visit, paid in cash at the visit, with a note and a prescription.
    const first = pick(0);
    const visit = localTime(now, timeZone, 6 + i, 9, 0);
    const done = await insertAppointment(sql, code, {
      ...base,
      doctorId: first.doctor_id,
      hospitalId: first.hospital_id,
      startsAt: visit,
      status: 10,
      paymentStatus: 2,
      paymentMethod: 0,
      price: first.price,
      queueNumber: 3,
      completedAt: new Date(visit.getTime() + 30 * 60_000),
      note: 'Sốt nhẹ và ho khan ba ngày nay.',
    });
    await insertConsultation(sql, done.appointmentId, {
      diagnosis: 'Viêm họng cấp',
      note: 'Họng đỏ, không sốt cao. Theo dõi thêm 5 ngày; tái khám nếu sốt trên 39°C hoặc khó thở.',
      advice: 'Uống nhiều nước ấm, nghỉ ngơi, súc miệng nước muối.',
      prescription: PRESCRIPTION,
      createdAt: new Date(visit.getTime() + 30 * 60_000),
    });
    // 2. Completed and reviewed (paid online).
    const second = pick(1);
    const earlier = localTime(now, timeZone, 20 + i, 14, 0);
    const reviewed = await insertAppointment(sql, code, {
      ...base,
      doctorId: second.doctor_id,
      hospitalId: second.hospital_id,
      startsAt: earlier,
      status: 10,
      paymentStatus: 2,
      paymentMethod: 1,
      price: second.price,
      queueNumber: 5,
      completedAt: new Date(earlier.getTime() + 30 * 60_000),
    });
    await insertConsultation(sql, reviewed.appointmentId, {
      diagnosis: 'Tăng huyết áp độ 1',
      note: 'Huyết áp 145/90 mmHg. Điều chỉnh chế độ ăn, giảm muối, tập thể dục đều đặn.',
      prescription: [
        { name: 'Amlodipin 5 mg', dosage: '1 viên', frequency: '1 lần/ngày buổi sáng', days: 30, note: '' },
      ],
      createdAt: new Date(earlier.getTime() + 30 * 60_000),
    });
    await sql.query(
      `INSERT INTO doctor_feedbacks (doctor_id, patient_name, rating, comment, created_at, appointment_id, user_id)
       VALUES ($1, $2, 5, $3, $4, $5, $6)`,
      [
        second.doctor_id,
        patient.full_name,
        'Bác sĩ khám kỹ, giải thích rõ ràng và rất tận tình.',
        new Date(earlier.getTime() + DAY_MS),
        reviewed.appointmentId,
        user.user_id,
      ],
    );
    // 3. Cancelled by the patient.
    const third = pick(2);
    await insertAppointment(sql, code, {
      ...base,
      doctorId: third.doctor_id,
      hospitalId: third.hospital_id,
      startsAt: localTime(now, timeZone, 3 + i, 10, 30),
      status: 5,
      paymentStatus: 0,
      paymentMethod: 0,
      price: third.price,
      cancelledBy: 'patient',
      cancelReason: 'Bận việc đột xuất',
    });
    created += 3;
  }
  return created;
}
