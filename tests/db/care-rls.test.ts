import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerInTenant, type Database, type Sql } from '../../server/db/database';
import { careTransaction } from '../../server/modules/care/index';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-db';

/**
 * Migration 020's care scope: inside a care transaction a doctor reads only their own
 * appointments and what hangs off them, hospital staff only their hospital's, and nobody another
 * tenant's, even with hand-written SQL that names the other rows.
 */
let test: TestDatabase;
let db: Database;
const ids: Record<string, number> = {};

async function one(sql: Sql, text: string, params: unknown[] = []): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(text, params);
  return Number(rows[0]!.id);
}

/** A hospital, a doctor working there with a care account, a patient and one appointment. */
async function world(tenant: string, n: number) {
  await ownerInTenant(db, tenant, async (sql) => {
    const h = await one(sql, `INSERT INTO hospitals (name) VALUES ($1) RETURNING hospital_id AS id`, [
      `H${n}`,
    ]);
    const d = await one(
      sql,
      `INSERT INTO doctors (full_name, gender) VALUES ($1, 'F') RETURNING doctor_id AS id`,
      [`Doctor ${n}`],
    );
    await sql.query('INSERT INTO doctor_hospitals (doctor_id, hospital_id) VALUES ($1, $2)', [d, h]);
    const doctorUser = await one(
      sql,
      `INSERT INTO users (email, password_hash, status, role, doctor_id) VALUES ($1, 'x', 'active', 'doctor', $2) RETURNING user_id AS id`,
      [`doctor${n}@${tenant}.test`, d],
    );
    const staff = await one(
      sql,
      `INSERT INTO users (email, password_hash, status, role, hospital_id) VALUES ($1, 'x', 'active', 'hospital', $2) RETURNING user_id AS id`,
      [`staff${n}@${tenant}.test`, h],
    );
    const patientUser = await one(
      sql,
      `INSERT INTO users (email, password_hash, status) VALUES ($1, 'x', 'active') RETURNING user_id AS id`,
      [`patient${n}@${tenant}.test`],
    );
    const p = await one(
      sql,
      `INSERT INTO patients (user_id, is_self, full_name) VALUES ($1, true, $2) RETURNING patient_id AS id`,
      [patientUser, `Patient ${n}`],
    );
    const start = new Date(Date.UTC(2030, 0, n, 2));
    const end = new Date(start.getTime() + 30 * 60_000);
    const slot = await one(
      sql,
      `INSERT INTO doctor_slots (doctor_id, hospital_id, starts_at, ends_at, time_slot, booked_count) VALUES ($1, $2, $3, $4, 0, 1) RETURNING slot_id AS id`,
      [d, h, start, end],
    );
    const a = await one(
      sql,
      `INSERT INTO appointments (appointment_number, user_id, patient_id, doctor_id, slot_id, service_type_id, hospital_id,
                                 starts_at, ends_at, local_date, status, payment_status, payment_method, price, final_price)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9::date, 4, 0, 0, 100000, 100000) RETURNING appointment_id AS id`,
      [`A-${tenant}-${n}`, patientUser, p, d, slot, h, start, end, start.toISOString().slice(0, 10)],
    );
    await sql.query(
      `INSERT INTO consultations (appointment_id, diagnosis, note) VALUES ($1, 'dx', 'note ${n}')`,
      [a],
    );
    const r = await one(
      sql,
      `INSERT INTO health_records (user_id, patient_id, record_name) VALUES ($1, $2, $3) RETURNING health_record_id AS id`,
      [patientUser, p, `Record ${n}`],
    );
    await sql.query(
      'INSERT INTO appointment_health_records (appointment_id, health_record_id) VALUES ($1, $2)',
      [a, r],
    );
    await sql.query(
      `INSERT INTO data_access_log (user_id, actor_kind, actor_label, action, resource_kind) VALUES ($1, 'self', 'me', 'view', 'health_record')`,
      [patientUser],
    );
    Object.assign(ids, {
      [`${tenant}${n}.hospital`]: h,
      [`${tenant}${n}.doctor`]: d,
      [`${tenant}${n}.doctorUser`]: doctorUser,
      [`${tenant}${n}.staff`]: staff,
      [`${tenant}${n}.patientUser`]: patientUser,
      [`${tenant}${n}.patient`]: p,
      [`${tenant}${n}.appointment`]: a,
      [`${tenant}${n}.record`]: r,
    });
  });
}

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
  db = test.db;
  await db.owner((sql) =>
    sql.query(`INSERT INTO tenants (code, name_vi, name_en) VALUES ('alpha', 'A', 'A'), ('beta', 'B', 'B')`),
  );
  await world('alpha', 1);
  await world('alpha', 2);
  await world('beta', 3);
});

afterAll(() => test?.dispose());

const asCare = <T>(tenant: string, userId: number, fn: (sql: Sql) => Promise<T>) =>
  careTransaction(db, tenant, userId, (sql) => fn(sql));
const column = async (sql: Sql, text: string, params: unknown[] = []) =>
  (await sql.query<{ v: unknown }>(text, params)).rows.map((r) => Number(r.v));

describe(`care row-level security on ${testDbKind()}`, () => {
  it("shows a doctor only their own appointments, even when a query names another doctor's", async () => {
    await asCare('alpha', ids['alpha1.doctorUser']!, async (sql) => {
      expect(await column(sql, 'SELECT appointment_id AS v FROM appointments')).toEqual([
        ids['alpha1.appointment'],
      ]);
      expect(
        await column(sql, 'SELECT appointment_id AS v FROM appointments WHERE doctor_id = $1', [
          ids['alpha2.doctor'],
        ]),
      ).toEqual([]);
      expect(
        await column(sql, 'SELECT appointment_id AS v FROM appointments WHERE appointment_id = $1', [
          ids['alpha2.appointment'],
        ]),
      ).toEqual([]);
      expect(await column(sql, 'SELECT patient_id AS v FROM patients')).toEqual([ids['alpha1.patient']]);
      expect(await column(sql, 'SELECT appointment_id AS v FROM consultations')).toEqual([
        ids['alpha1.appointment'],
      ]);
      expect(await column(sql, 'SELECT health_record_id AS v FROM health_records')).toEqual([
        ids['alpha1.record'],
      ]);
      expect(await column(sql, 'SELECT appointment_id AS v FROM appointment_health_records')).toEqual([
        ids['alpha1.appointment'],
      ]);
      // No patient account, and not the patient's access log.
      expect(await column(sql, 'SELECT user_id AS v FROM users')).toEqual([ids['alpha1.doctorUser']]);
      expect(await column(sql, 'SELECT access_id AS v FROM data_access_log')).toEqual([]);
    });
  });

  it("refuses a doctor's writes to another doctor's appointment", async () => {
    const updated = await asCare('alpha', ids['alpha1.doctorUser']!, (sql) =>
      sql.query(`UPDATE appointments SET note = 'x' WHERE appointment_id = $1 RETURNING 1`, [
        ids['alpha2.appointment'],
      ]),
    );
    expect(updated.rows).toEqual([]);
    await expect(
      asCare('alpha', ids['alpha1.doctorUser']!, (sql) =>
        sql.query(`INSERT INTO consultations (appointment_id, note) VALUES ($1, 'forged')`, [
          ids['alpha2.appointment'],
        ]),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it("shows hospital staff their hospital's appointments only", async () => {
    await asCare('alpha', ids['alpha2.staff']!, async (sql) => {
      expect(await column(sql, 'SELECT appointment_id AS v FROM appointments')).toEqual([
        ids['alpha2.appointment'],
      ]);
      expect(
        await column(sql, 'SELECT appointment_id AS v FROM appointments WHERE hospital_id = $1', [
          ids['alpha1.hospital'],
        ]),
      ).toEqual([]);
      expect(await column(sql, 'SELECT patient_id AS v FROM patients')).toEqual([ids['alpha2.patient']]);
    });
  });

  it("shows no care user another tenant's rows", async () => {
    await asCare('beta', ids['beta3.doctorUser']!, async (sql) => {
      expect(await column(sql, 'SELECT appointment_id AS v FROM appointments')).toEqual([
        ids['beta3.appointment'],
      ]);
      expect(
        await column(sql, 'SELECT appointment_id AS v FROM appointments WHERE appointment_id = $1', [
          ids['alpha1.appointment'],
        ]),
      ).toEqual([]);
    });
    // A beta account is no care user on alpha at all.
    await expect(asCare('alpha', ids['beta3.doctorUser']!, async () => 1)).rejects.toMatchObject({
      code: 'care_forbidden',
    });
  });

  it('refuses a patient account a care transaction, and leaves patient transactions unnarrowed', async () => {
    await expect(asCare('alpha', ids['alpha1.patientUser']!, async () => 1)).rejects.toMatchObject({
      code: 'care_forbidden',
    });
    const all = await db.tenant('alpha', (sql) =>
      column(sql, 'SELECT appointment_id AS v FROM appointments ORDER BY 1'),
    );
    expect(all).toEqual([ids['alpha1.appointment'], ids['alpha2.appointment']]);
  });
});
