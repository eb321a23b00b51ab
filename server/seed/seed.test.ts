import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../tests/helpers/test-db';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { DEPARTMENTS, HOSPITAL_KINDS } from './data/places';
import { clearTenant, seedTenant, topUpSlots, type SeedSummary } from './index';
import { zonedParts } from '../../schemas/time';
import { generateSlots, localDayNumber } from './slots';

// A Monday, 10:00 in Vietnam: slot assertions below do not depend on the day the test runs.
const NOW = new Date('2030-01-07T03:00:00Z');
let test: TestDatabase;
let db: Database;
const summaries: Record<string, SeedSummary> = {};

const count = async (tenant: string, table: string) =>
  Number(
    (await db.tenant(tenant, (sql) => sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))).rows[0]
      ?.n,
  );
const doctorNames = async (tenant: string) =>
  (
    await db.tenant(tenant, (sql) =>
      sql.query<{ full_name: string }>('SELECT full_name FROM doctors ORDER BY doctor_id'),
    )
  ).rows.map((r) => r.full_name);

// Migrating and seeding three tenants: a generous limit for a shared, busy machine.
beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  await migrate(db);
  await db.owner((sql) =>
    sql.query(`INSERT INTO tenants (code, name_vi, name_en) VALUES
      ('songhong', 'Bệnh viện Đa khoa Sông Hồng', 'Song Hong General Hospital'),
      ('saomai', 'Phòng khám Sao Mai', 'Sao Mai Clinic'),
      ('alpha', 'Phòng khám Alpha', 'Alpha Clinic')`),
  );
  for (const code of ['songhong', 'alpha']) summaries[code] = await seedTenant(db, code, { now: NOW });
  // saomai only for where its doctors practise: a small clinic is enough.
  summaries.saomai = await seedTenant(db, 'saomai', { now: NOW, days: 1, doctors: 40 });
}, 300_000);

afterAll(() => test?.dispose());

describe(`seedTenant on ${testDbKind()}`, () => {
  it.each(['songhong', 'alpha'])(
    'fills every tenant table of %s with at least the minimum rows',
    async (code) => {
      const minimums: Record<string, number> = {
        specialities: 20,
        symptoms: 60,
        hospitals: 30,
        doctors: 200,
        doctor_specialities: 200,
        doctor_symptoms: 200,
        doctor_hospitals: 200,
        doctor_languages: 200,
        doctor_prices: 200,
        doctor_slots: 10_000,
        health_programs: 4,
        doctor_health_programs: 4,
        blog_categories: 6,
        banners: 3,
        promotionals: 4,
        testimonials: 6,
        contents: 8,
        membership_packages: 3,
        iomt_packages: 3,
        promo_codes: 5,
      };
      for (const [table, minimum] of Object.entries(minimums)) {
        expect.soft(await count(code, table), table).toBeGreaterThanOrEqual(minimum);
      }
      const approved = await db.tenant(code, (sql) =>
        sql.query<{ n: number }>('SELECT count(*)::int AS n FROM doctors WHERE approval_status = 1'),
      );
      expect(approved.rows[0]?.n).toBeGreaterThanOrEqual(200);
      const blogs = await db.tenant(code, (sql) =>
        sql.query<{ language_id: number; n: number }>(
          'SELECT language_id, count(*)::int AS n FROM blogs GROUP BY language_id ORDER BY language_id',
        ),
      );
      expect(blogs.rows).toEqual([
        { language_id: 1, n: expect.any(Number) },
        { language_id: 2, n: expect.any(Number) },
      ]);
      for (const row of blogs.rows) expect(row.n).toBeGreaterThanOrEqual(30);
      expect(summaries[code]?.skipped).toBe(false);
    },
  );

  it.each(['songhong', 'alpha'])(
    'rates every doctor of %s from the reviews that exist (no stored number that disagrees)',
    async (code) => {
      const { rows } = await db.tenant(code, (sql) =>
        sql.query<{ doctor_id: number; rating: string; rating_count: number; n: number; average: string }>(
          `SELECT d.doctor_id, d.rating::text, d.rating_count, count(f.feedback_id)::int AS n,
                  coalesce(round(avg(f.rating), 1), 0)::numeric(2,1)::text AS average
             FROM doctors d LEFT JOIN doctor_feedbacks f ON f.doctor_id = d.doctor_id
            GROUP BY d.doctor_id
           HAVING d.rating_count <> count(f.feedback_id)
               OR d.rating <> coalesce(round(avg(f.rating), 1), 0)`,
        ),
      );
      expect(rows).toEqual([]);
      expect(await count(code, 'doctor_feedbacks')).toBeGreaterThan(200);
    },
  );

  it.each(['songhong', 'alpha', 'saomai'])(
    'places every doctor of %s only at hospitals that offer all their specialities',
    async (code) => {
      // What a specialised hospital offers, from its name (declared in data/places.ts).
      const offered = (hospital: string): readonly string[] | null => {
        const dept = DEPARTMENTS.find((d) => hospital.startsWith(`${d.name} - `));
        if (dept) return dept.specialities ?? null;
        const kind = HOSPITAL_KINDS.find((k) => k.specialities && hospital.startsWith(`${k.vi} `));
        return kind?.specialities ?? null;
      };
      const { rows } = await db.tenant(code, (sql) =>
        sql.query<{ doctor_id: number; hospital: string; specialities: string[] }>(
          `SELECT dh.doctor_id, h.name AS hospital,
                  (SELECT array_agg(s.icon ORDER BY s.icon) FROM doctor_specialities ds
                     JOIN specialities s ON s.speciality_id = ds.speciality_id
                    WHERE ds.doctor_id = dh.doctor_id) AS specialities
             FROM doctor_hospitals dh JOIN hospitals h ON h.hospital_id = dh.hospital_id`,
        ),
      );
      expect(rows.length).toBeGreaterThanOrEqual(40);
      const mismatches = rows.filter((r) => {
        const offers = offered(r.hospital);
        return offers !== null && !r.specialities.every((key) => offers.includes(key));
      });
      expect(mismatches).toEqual([]);
      // The check has specialised hospitals to look at (a hospital group lists its departments).
      if (code === 'songhong')
        expect(rows.filter((r) => offered(r.hospital) !== null).length).toBeGreaterThan(10);
    },
  );

  it("places saomai's doctors in saomai's own branches, in its province (Khánh Hòa)", async () => {
    const { rows } = await db.tenant('saomai', (sql) =>
      sql.query<{ name: string; state_id: number; doctors: number }>(
        `SELECT h.name, c.state_id,
                (SELECT count(*)::int FROM doctor_hospitals dh WHERE dh.hospital_id = h.hospital_id) AS doctors
           FROM hospitals h JOIN cities c ON c.city_id = h.city_id ORDER BY h.hospital_id`,
      ),
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect.soft(row.name).toMatch(/^Phòng khám Sao Mai - Cơ sở /);
      expect.soft(row.state_id, row.name).toBe(26);
      expect.soft(row.doctors, row.name).toBeGreaterThan(0);
    }
  });

  it('marks the tenant seeded and skips it the second time', async () => {
    const { rows } = await db.owner((sql) =>
      sql.query<{ code: string }>('SELECT code FROM tenants WHERE seeded_at IS NOT NULL ORDER BY code'),
    );
    expect(rows.map((r) => r.code)).toEqual(['alpha', 'saomai', 'songhong']);
    const again = await seedTenant(db, 'alpha', { now: NOW });
    expect(again.skipped).toBe(true);
    expect(await count('alpha', 'doctors')).toBe(220);
  });

  it('keeps tenants apart under row-level security', async () => {
    const ownerCounts = await db.owner((sql) =>
      sql.query<{ tenant_id: string; n: number }>(
        'SELECT tenant_id, count(*)::int AS n FROM doctors GROUP BY tenant_id ORDER BY tenant_id',
      ),
    );
    expect(ownerCounts.rows).toEqual([
      { tenant_id: 'alpha', n: 220 },
      { tenant_id: 'saomai', n: 40 },
      { tenant_id: 'songhong', n: 220 },
    ]);
    expect(await count('alpha', 'doctors')).toBe(220);
    const leaked = await db.tenant('alpha', (sql) =>
      sql.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM doctors WHERE tenant_id <> 'alpha')
              + (SELECT count(*) FROM hospitals WHERE tenant_id <> 'alpha')
              + (SELECT count(*) FROM doctor_slots WHERE tenant_id <> 'alpha') AS n`,
      ),
    );
    expect(Number(leaked.rows[0]?.n)).toBe(0);
    const { rows: hospitals } = await db.tenant('songhong', (sql) =>
      sql.query<{ name: string }>('SELECT name FROM hospitals'),
    );
    expect(hospitals.some((h) => h.name === 'Bệnh viện Đa khoa Sông Hồng')).toBe(true);
    expect(hospitals.every((h) => !h.name.includes('Alpha'))).toBe(true);
  });

  it('writes Vietnamese with its accents and gender-consistent names', async () => {
    const { rows } = await db.tenant('songhong', (sql) =>
      sql.query<{ full_name: string; gender: string; biography_vi: string }>(
        'SELECT full_name, gender, biography_vi FROM doctors',
      ),
    );
    const accented = /[àáảãạăắằẳẵặâấầẩẫậđèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵ]/i;
    expect(rows.filter((r) => accented.test(r.full_name)).length).toBeGreaterThan(rows.length / 2);
    expect(rows.every((r) => accented.test(r.biography_vi))).toBe(true);
    expect(rows.filter((r) => r.full_name.split(' ')[1] === 'Thị').every((r) => r.gender === 'F')).toBe(true);
    expect(rows.filter((r) => r.full_name.split(' ')[1] === 'Văn').every((r) => r.gender === 'M')).toBe(true);
    const { rows: symptoms } = await db.tenant('songhong', (sql) =>
      sql.query<{ name_vi: string }>('SELECT name_vi FROM symptoms'),
    );
    expect(symptoms.map((s) => s.name_vi)).toEqual(expect.arrayContaining(['Đau ngực', 'Sốt', 'Ho kéo dài']));
    const { rows: about } = await db.tenant('songhong', (sql) =>
      sql.query<{ body_html: string }>(
        'SELECT body_html FROM contents WHERE content_id = 1 AND language_id = 2',
      ),
    );
    expect(about[0]?.body_html).toContain('Bệnh viện Đa khoa Sông Hồng');
  });

  it('creates 30-minute slots only in the working sessions, Vietnam time, some booked', async () => {
    const { rows } = await db.tenant('alpha', (sql) =>
      sql.query<{
        time_slot: number;
        minute: number;
        days: number;
        first_day: number;
        booked: number;
        total: number;
      }>(
        `SELECT time_slot,
                (extract(epoch FROM starts_at)::bigint / 60 + 420) % 1440 AS minute,
                count(DISTINCT (extract(epoch FROM starts_at)::bigint / 60 + 420) / 1440)::int AS days,
                min((extract(epoch FROM starts_at)::bigint / 60 + 420) / 1440)::int AS first_day,
                sum(is_booked::int)::int AS booked, count(*)::int AS total
           FROM doctor_slots
          WHERE ends_at - starts_at = interval '30 minutes'
            -- the demo history's own past slots (server/seed/appointments.ts) aside
            AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = doctor_slots.slot_id)
          GROUP BY 1, 2 ORDER BY 2`,
      ),
    );
    const minutes = (from: number, to: number) =>
      Array.from({ length: (to - from) / 30 }, (_, i) => from + i * 30);
    const expected = [...minutes(480, 690), ...minutes(810, 1020), ...minutes(1080, 1230)];
    expect(rows.map((r) => Number(r.minute))).toEqual(expected);
    expect((await count('alpha', 'doctor_slots')) - (await count('alpha', 'appointments'))).toBe(
      rows.reduce((n, r) => n + r.total, 0),
    );
    for (const row of rows) {
      expect(row.time_slot).toBe(row.minute < 720 ? 0 : row.minute < 1080 ? 1 : 2);
      expect(row.first_day).toBe(localDayNumber(NOW, 'Asia/Ho_Chi_Minh'));
      expect(row.days).toBeLessThanOrEqual(30);
      expect(row.booked).toBeGreaterThan(0);
      expect(row.booked).toBeLessThan(row.total);
    }
  });

  it("creates slots at the same local hours on the tenant's clock, across a daylight-saving change", async () => {
    // New York springs forward on 2030-03-10: 08:00 is 13:00 UTC the day before, 12:00 UTC after.
    const ROLLBACK = new Error('rollback');
    let starts: { starts_at: Date }[] = [];
    await db
      .owner(async (sql) => {
        await sql.query(`SELECT set_config('app.tenant_id', 'saomai', true)`);
        await sql.query(
          'DELETE FROM doctor_slots WHERE NOT EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = doctor_slots.slot_id)',
        );
        await generateSlots(sql, 'saomai', new Date('2030-03-09T17:00:00Z'), 3, 'America/New_York');
        ({ rows: starts } = await sql.query<{ starts_at: Date }>(
          `SELECT DISTINCT starts_at FROM doctor_slots
            WHERE NOT EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = doctor_slots.slot_id)
            ORDER BY starts_at`,
        ));
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    const local = starts.map((r) => zonedParts(r.starts_at, 'America/New_York'));
    expect(new Set(local.map((p) => p.date))).toEqual(new Set(['2030-03-09', '2030-03-10', '2030-03-11']));
    expect(Math.min(...local.map((p) => p.minutes))).toBe(480);
    const firstOf = (date: string) => starts.find((r, i) => local[i]!.date === date)!.starts_at.toISOString();
    expect(firstOf('2030-03-09')).toBe('2030-03-09T13:00:00.000Z');
    expect(firstOf('2030-03-11')).toBe('2030-03-11T12:00:00.000Z');
  });

  it('tops up slots idempotently, adding only the days not yet covered', async () => {
    const before = await count('songhong', 'doctor_slots');
    expect(await topUpSlots(db, 'songhong', { now: NOW, days: 30 })).toBe(0);
    const added = await topUpSlots(db, 'songhong', {
      now: new Date(NOW.getTime() + 2 * 86_400_000),
      days: 30,
    });
    expect(added).toBeGreaterThan(0);
    expect(await count('songhong', 'doctor_slots')).toBe(before + added);
  });

  it('is deterministic: the same code gives the same doctors again', async () => {
    const before = await doctorNames('alpha');
    await clearTenant(db, 'alpha');
    expect(await count('alpha', 'doctors')).toBe(0);
    const again = await seedTenant(db, 'alpha', { now: NOW, days: 3 });
    expect(again.skipped).toBe(false);
    expect(await doctorNames('alpha')).toEqual(before);
    expect(await doctorNames('songhong')).not.toEqual(before);
  });
});
