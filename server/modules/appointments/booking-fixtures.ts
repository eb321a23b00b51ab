import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { ownerInTenant, type Sql } from '../../db/database';
import { setBookingNow } from './clock';
import { addDays, timeSlotOf, zonedParts, zonedInstant } from '../../../schemas/time';

/**
 * Booking test fixtures: a fixed "now" (Monday 4 March 2030, 10:00 in Vietnam), and a doctor,
 * hospital, prices, symptoms, promo codes and slots created directly, so every test knows exactly
 * which places exist. Users and their "myself" patient are inserted without password hashing
 * (the race test needs fifty of them).
 */
export const TODAY = '2030-03-04';
export const NOW = zonedInstant(TODAY, 10 * 60, 'Asia/Ho_Chi_Minh');
export const PRICES = { hospital: 300_000, video: 200_000, home: 500_000 } as const;

export async function createBookingApp(): Promise<TestApp> {
  setBookingNow(NOW);
  return createTestApp();
}

/** Runs set-up SQL on a tenant as the owner (tenant set, so defaults and RLS checks hold). */
export function asOwner<T>(t: TestApp, tenant: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return ownerInTenant(t.db, tenant, fn);
}

const one = async (sql: Sql, text: string, params: unknown[]) =>
  Number(Object.values((await sql.query<Record<string, unknown>>(text, params)).rows[0]!)[0]);

export interface DoctorWorld {
  tenant: string;
  doctorId: number;
  hospitalId: number;
  otherHospitalId: number;
  symptomIds: number[];
  foreignSymptomId: number;
}

/** A doctor at one hospital with prices for all three kinds, two symptoms and three promo codes. */
export async function createDoctor(t: TestApp, tenant: string, name = 'Nguyễn Văn An'): Promise<DoctorWorld> {
  return asOwner(t, tenant, async (sql) => {
    const hospitalId = await one(
      sql,
      `INSERT INTO hospitals (name) VALUES ('Bệnh viện Test') RETURNING hospital_id`,
      [],
    );
    const otherHospitalId = await one(
      sql,
      `INSERT INTO hospitals (name) VALUES ('Bệnh viện Khác') RETURNING hospital_id`,
      [],
    );
    const doctorId = await one(
      sql,
      `INSERT INTO doctors (full_name, gender) VALUES ($1, 'M') RETURNING doctor_id`,
      [name],
    );
    await sql.query('INSERT INTO doctor_hospitals (doctor_id, hospital_id) VALUES ($1, $2)', [
      doctorId,
      hospitalId,
    ]);
    await sql.query(
      `INSERT INTO doctor_prices (doctor_id, service_type_id, price) VALUES ($1, 0, $2), ($1, 1, $3), ($1, 2, $4)`,
      [doctorId, PRICES.hospital, PRICES.video, PRICES.home],
    );
    const symptomIds: number[] = [];
    for (const n of ['Ho', 'Sốt']) {
      const id = await one(
        sql,
        `INSERT INTO symptoms (name_vi, name_en) VALUES ($1, $1) RETURNING symptom_id`,
        [n],
      );
      await sql.query('INSERT INTO doctor_symptoms (doctor_id, symptom_id) VALUES ($1, $2)', [doctorId, id]);
      symptomIds.push(id);
    }
    const foreignSymptomId = await one(
      sql,
      `INSERT INTO symptoms (name_vi, name_en) VALUES ('Đau răng', 'Toothache') RETURNING symptom_id`,
      [],
    );
    const expires = new Date(NOW.getTime() + 30 * 86_400_000).toISOString();
    const expired = new Date(NOW.getTime() - 86_400_000).toISOString();
    await sql.query(
      `INSERT INTO promo_codes (code, title_vi, title_en, discount_percent, max_discount, doctor_id, expires_at)
       VALUES ('GIAM20-' || $1, 't', 't', 20, 50000, NULL, $2), ('BS-' || $1, 't', 't', 50, 0, $1::int, $2),
              ('HET-' || $1, 't', 't', 10, 0, NULL, $3), ('FREE-' || $1, 't', 't', 100, 0, NULL, $2)
       ON CONFLICT DO NOTHING`,
      [doctorId, expires, expired],
    );
    return { tenant, doctorId, hospitalId, otherHospitalId, symptomIds, foreignSymptomId };
  });
}

/** The instant of a local time `days` after TODAY in Vietnam. */
export const at = (days: number, hhmm: string) =>
  zonedInstant(
    addDays(TODAY, days),
    Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)),
    'Asia/Ho_Chi_Minh',
  );

/** A slot of the doctor starting at `startsAt` (30 minutes unless told). */
export async function addSlot(
  t: TestApp,
  w: DoctorWorld,
  startsAt: Date,
  options: { minutes?: number; capacity?: number } = {},
): Promise<number> {
  return asOwner(t, w.tenant, (sql) =>
    one(
      sql,
      `INSERT INTO doctor_slots (doctor_id, hospital_id, starts_at, ends_at, time_slot, capacity)
       VALUES ($1, $2, $3, $4, $6, $5) RETURNING slot_id`,
      [
        w.doctorId,
        w.hospitalId,
        startsAt.toISOString(),
        new Date(startsAt.getTime() + (options.minutes ?? 30) * 60_000).toISOString(),
        options.capacity ?? 1,
        timeSlotOf(zonedParts(startsAt, 'Asia/Ho_Chi_Minh').minutes),
      ],
    ),
  );
}

export interface Booker {
  tenant: string;
  userId: number;
  patientId: number;
  token: string;
}

let serial = 0;
/** A signed-in user with a complete "myself" patient (or one missing personal fields). */
export async function createBooker(
  t: TestApp,
  tenant: string,
  options: { incomplete?: boolean; wallet?: number } = {},
): Promise<Booker> {
  serial += 1;
  const { userId, patientId } = await asOwner(t, tenant, async (sql) => {
    const userId = await one(
      sql,
      `INSERT INTO users (email, password_hash, status, full_name) VALUES ($1, 'x', 'active', 'Booker') RETURNING user_id`,
      [`booker${serial}-${Date.now()}@example.com`],
    );
    const patientId = await one(
      sql,
      `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth) VALUES ($1, true, $2, $3, $4)
       RETURNING patient_id`,
      [userId, `Bệnh nhân ${serial}`, 'F', options.incomplete ? null : '1990-05-06'],
    );
    if (options.wallet) {
      // A top-up entry: the ledger derives the balance from it.
      await sql.query(
        `INSERT INTO wallet_transactions (user_id, amount, kind, description) VALUES ($1, $2, 'topup', 'test')`,
        [userId, options.wallet],
      );
    }
    return { userId, patientId };
  });
  const token = await t.app.issueAccessToken({
    userId,
    tenant,
    deviceId: '11111111-1111-4111-8111-111111111111',
  });
  return { tenant, userId, patientId, token };
}

/** A second patient (family member) of a booker. */
export async function addPatient(t: TestApp, b: Booker): Promise<number> {
  return asOwner(t, b.tenant, (sql) =>
    one(
      sql,
      `INSERT INTO patients (user_id, full_name, gender, date_of_birth) VALUES ($1, 'Người nhà', 'M', '2015-01-02')
       RETURNING patient_id`,
      [b.userId],
    ),
  );
}

export async function addAddress(t: TestApp, b: Booker): Promise<number> {
  return asOwner(t, b.tenant, (sql) =>
    one(
      sql,
      `INSERT INTO user_addresses (user_id, address_line) VALUES ($1, '12 Hàng Bài') RETURNING address_id`,
      [b.userId],
    ),
  );
}

export interface Reply {
  status: number;
  json: {
    isSuccess: boolean;
    codeMessageRespond: string | null;
    message: string | null;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    data: any;
    errors: string[] | null;
  };
}

/** POST as a booker (or anonymously on a tenant). */
export async function post(
  t: TestApp,
  who: Booker | string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const tenant = typeof who === 'string' ? who : who.tenant;
  const auth: Record<string, string> =
    typeof who === 'string' ? {} : { authorization: `Bearer ${who.token}` };
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    headers: tenantHeaders(tenant, { ...auth, ...headers }),
    payload: body as object,
  });
  return { status: res.statusCode, json: res.json() };
}

export async function get(t: TestApp, tenant: string, path: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/v1/${path}`, headers: tenantHeaders(tenant, headers) });
  return { status: res.statusCode, json: res.json() } as Reply;
}

/** A MakeAppointment body for a hospital visit paid in cash, with overrides. */
export function bookBody(w: DoctorWorld, b: Booker, slotId: number, extra: Record<string, unknown> = {}) {
  return {
    doctorId: w.doctorId,
    slotId,
    serviceTypeId: 0,
    patientId: b.patientId,
    symptomIds: [w.symptomIds[0]],
    paymentMethod: 0,
    ...extra,
  };
}

export const book = (
  t: TestApp,
  w: DoctorWorld,
  b: Booker,
  slotId: number,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => post(t, b, 'Appointments/MakeAppointment', bookBody(w, b, slotId, extra), headers);

/** Rows of a tenant read as the app role (RLS applies). */
export async function rows<T = Record<string, unknown>>(
  t: TestApp,
  tenant: string,
  text: string,
  params: unknown[] = [],
) {
  return (await t.db.tenant(tenant, (sql) => sql.query<T>(text, params))).rows;
}
