import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadEnv, type Env } from '../../server/config/env';
import type { Database } from '../../server/db/database';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createDoctor,
  NOW,
  type Booker,
  type DoctorWorld,
} from '../../server/modules/appointments/booking-fixtures';
import { setBookingNow } from '../../server/modules/appointments/clock';
import { openDatabase, prepareDatabase } from '../../server/startup';
import { loadTenantRegistry, type TenantRegistry } from '../../server/tenancy/registry';
import { ROOT, tenantHeaders, type TestApp } from '../helpers/test-app';
import { startReplica, type ReplicaSetup } from './replica-standby';

/**
 * Read replicas, against a real hot standby fed by streaming replication
 * (replica-standby.ts): the API runs with DATABASE_URL on the primary and DATABASE_READ_URL on the
 * standby. Replay is paused on the standby to make replication lag as large as we like, and then:
 * public catalogue reads are answered by the standby (they miss an unannounced change), a booking
 * is in its author's list at once, a slot booked on the primary but still free on the standby is
 * never booked twice (not even by 12 concurrent bookers on two "processes"), announced changes
 * are never served stale (reads are fenced), the search index is never rebuilt from a standby
 * that has not replayed the change it was told of, and a standby outage falls back to the primary.
 * Two apps, each with its own pools and listening sessions, stand for two server processes.
 */
let replica: ReplicaSetup;
let database: string;
let env: Env;
let registry: TenantRegistry;
let t: TestApp;
let second: { app: FastifyInstance; db: Database };
let w: DoctorWorld;
const TENANT = 'songhong';

async function openApp(prepare = false): Promise<{ app: FastifyInstance; db: Database }> {
  const db = await openDatabase(env);
  // As the server starts: the database is prepared before the app is ready (the keyring reads it).
  if (prepare) await prepareDatabase(db, registry, { seed: false });
  const app = await buildApp({ env, db, registry, logger: false });
  await app.ready();
  return { app, db };
}

/** A superuser query on the standby itself (RLS does not apply): what the replica holds now. */
async function onStandby<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: replica.standby.url(database) });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function call(
  app: FastifyInstance,
  url: string,
  options: { who?: Booker; method?: 'GET' | 'POST'; body?: object } = {},
) {
  const auth: Record<string, string> = options.who ? { authorization: `Bearer ${options.who.token}` } : {};
  const reply = await app.inject({
    method: options.method ?? 'GET',
    url: `/api/v1/${url}`,
    headers: tenantHeaders(TENANT, auth),
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: reply.statusCode, json: reply.json() as { codeMessageRespond: string | null; data: any } };
}

/** Slot ids the public schedule offers for the doctor over the fixture's next week. */
async function offeredSlots(app: FastifyInstance): Promise<number[]> {
  const reply = await call(
    app,
    `Appointments/GetDoctorScheduleTimingSlots?doctorId=${w.doctorId}&fromDate=2030-03-05&days=7`,
  );
  expect(reply.status).toBe(200);
  return (reply.json.data as { timeSlots: { slots: { slotId: number }[] }[] }[]).flatMap((day) =>
    day.timeSlots.flatMap((group) => group.slots.map((slot) => slot.slotId)),
  );
}

const doctorPage = async (app: FastifyInstance) => {
  const reply = await call(app, `Doctors/GetDoctor/${w.doctorId}`);
  expect(reply.status).toBe(200);
  return reply.json.data as { fullName: string; experienceYears: number };
};

const searchNames = async (app: FastifyInstance, text: string) => {
  const reply = await call(app, `GlobalSearches?searchText=${encodeURIComponent(text)}&languageId=1`);
  expect(reply.status).toBe(200);
  return (reply.json.data as { name: string; typeId: number }[])
    .filter((r) => r.typeId === 0)
    .map((r) => r.name);
};

/** Waits (bounded) until `check` holds: a notice from another session arrives after the commit. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

beforeAll(async () => {
  const started = Date.now();
  replica = await startReplica();
  if (replica.note) {
    console.warn(
      `replica test: standby of a throw-away primary on port ${replica.primary.port}, because the machine's ` +
        `PostgreSQL refuses replication connections (${replica.note.split('\n')[0]}). Add ` +
        '`host replication postgres 127.0.0.1/32 trust` to its pg_hba.conf to stream from it instead.',
    );
  }
  database = `sk_replica_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: replica.primary.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();

  env = loadEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    TENANTS_DIR: path.join(ROOT, 'tenants'),
    THEMES_DIR: path.join(ROOT, 'themes'),
    WEB_DIST_DIR: path.join(ROOT, 'dist'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: replica.primary.url(database),
    DATABASE_READ_URL: replica.standby.url(database),
    DB_POOL_SIZE: '8',
    DB_READ_POOL_SIZE: '4',
    // Every public answer straight from the database (no cache to hide where it was read).
    DISCOVERY_CACHE_TTL_MS: '0',
  });
  registry = loadTenantRegistry({
    tenantsDir: env.TENANTS_DIR,
    themesDir: env.THEMES_DIR,
    defaultCode: env.DEFAULT_TENANT,
  });
  const first = await openApp(true);
  t = {
    ...first,
    registry,
    env,
    close: async () => {
      await first.app.close();
      await first.db.close();
    },
  };
  second = await openApp();
  setBookingNow(NOW);
  w = await createDoctor(t, TENANT, 'Phạm Thị Bản Sao');
  await asOwner(t, TENANT, (sql) =>
    sql.query('UPDATE doctors SET experience_years = 7 WHERE doctor_id = $1', [w.doctorId]),
  );
  await replica.caughtUp();
  console.info(
    `replica test: standby (${replica.primaryKind} primary) and app ready in ${Date.now() - started} ms`,
  );
}, 300_000);

// A failed test must not leave replay paused for the next one.
afterEach(async () => {
  await replica?.resumeReplay().catch(() => undefined);
});

afterAll(async () => {
  setBookingNow(null);
  await replica?.resumeReplay().catch(() => undefined);
  await second?.app.close();
  await second?.db.close();
  await t?.close();
  if (database) {
    const admin = new pg.Client({ connectionString: replica.primary.url('postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
  await replica?.stop();
});

describe('read replica', () => {
  it('serves public catalogue reads from the standby: an unannounced change shows only once replayed', async () => {
    expect(t.db.reads).toBe('replica');
    const extraSlot = await addSlot(t, w, at(3, '14:00'));
    await replica.caughtUp();
    expect(await offeredSlots(t.app)).toContain(extraSlot);

    await replica.pauseReplay();
    // Changes that announce nothing (no dataChanged, no search trigger): an operator's raw SQL.
    await asOwner(t, TENANT, async (sql) => {
      await sql.query('UPDATE doctors SET experience_years = 21 WHERE doctor_id = $1', [w.doctorId]);
      await sql.query('DELETE FROM doctor_slots WHERE slot_id = $1', [extraSlot]);
    });
    const newSlot = await addSlot(t, w, at(4, '15:00'));
    const [primary] = (
      await t.db.tenant(TENANT, (sql) =>
        sql.query<{ experience_years: number }>('SELECT experience_years FROM doctors WHERE doctor_id = $1', [
          w.doctorId,
        ]),
      )
    ).rows;
    expect(primary!.experience_years).toBe(21);

    // Doctor page, doctor list and schedule: the standby's copy, in both "processes".
    for (const app of [t.app, second.app]) {
      expect((await doctorPage(app)).experienceYears).toBe(7);
      const list = await call(app, 'Doctors/FilterDoctors', { method: 'POST', body: {} });
      const card = (list.json.data.doctors as { doctorId: number; experienceYears: number }[]).find(
        (d) => d.doctorId === w.doctorId,
      );
      expect(card?.experienceYears).toBe(7);
      const offered = await offeredSlots(app);
      expect(offered).toContain(extraSlot);
      expect(offered).not.toContain(newSlot);
    }

    await replica.resumeReplay();
    await replica.caughtUp();
    expect((await doctorPage(t.app)).experienceYears).toBe(21);
    const offered = await offeredSlots(t.app);
    expect(offered).not.toContain(extraSlot);
    expect(offered).toContain(newSlot);
  });

  it('a booking is in its author’s list at once, and a slot still free on the lagging standby is never booked twice', async () => {
    const slotId = await addSlot(t, w, at(2, '09:00'));
    const raceSlot = await addSlot(t, w, at(2, '10:00'));
    const author = await createBooker(t, TENANT);
    const other = await createBooker(t, TENANT);
    const racers: Booker[] = [];
    for (let i = 0; i < 12; i++) racers.push(await createBooker(t, TENANT));
    await replica.caughtUp();
    await replica.pauseReplay();

    const booked = await book(t, w, author, slotId);
    expect(booked.status).toBe(200);
    const appointmentId = booked.json.data.appointmentId as number;
    // The author's own data is read on the primary: there at once, replay paused or not.
    const mine = await call(t.app, 'Appointments/GetAllAppointments?type=2', { who: author });
    expect(mine.status).toBe(200);
    expect(
      (mine.json.data.appointments as { appointmentId: number }[]).map((a) => a.appointmentId),
    ).toContain(appointmentId);
    const detail = await call(t.app, `Appointments/GetAppointment/${appointmentId}`, { who: author });
    expect(detail.status).toBe(200);

    // The standby has not seen the booking: the slot is still free there, the appointment absent.
    expect(
      await onStandby<{ booked_count: number }>('SELECT booked_count FROM doctor_slots WHERE slot_id = $1', [
        slotId,
      ]),
    ).toEqual([{ booked_count: 0 }]);
    expect(await onStandby('SELECT 1 FROM appointments WHERE appointment_id = $1', [appointmentId])).toEqual(
      [],
    );

    // Yet a second booking of the slot is refused: MakeAppointment takes the place on the primary.
    const again = await book(t, w, other, slotId);
    expect(again.status).toBe(409);
    expect(again.json.codeMessageRespond).toBe('slot_unavailable');
    const viaSecond = await call(second.app, 'Appointments/MakeAppointment', {
      who: other,
      method: 'POST',
      body: {
        doctorId: w.doctorId,
        slotId,
        serviceTypeId: 0,
        patientId: other.patientId,
        symptomIds: [w.symptomIds[0]],
        paymentMethod: 0,
      },
    });
    expect(viaSecond.status).toBe(409);

    // The booking was announced (dataChanged): neither process offers the slot any more, though
    // the standby still has it free. This process fenced its reads at once; the other did when
    // the change bus's notice arrived (it reads the primary until the standby replays the change).
    expect(await offeredSlots(t.app)).not.toContain(slotId);
    expect(await eventually(async () => !(await offeredSlots(second.app)).includes(slotId))).toBe(true);

    // Twelve concurrent bookers of one slot, across both processes, with replay still paused.
    const replies = await Promise.all(
      racers.map((b, i) =>
        call(i % 2 === 0 ? t.app : second.app, 'Appointments/MakeAppointment', {
          who: b,
          method: 'POST',
          body: {
            doctorId: w.doctorId,
            slotId: raceSlot,
            serviceTypeId: 0,
            patientId: b.patientId,
            symptomIds: [w.symptomIds[0]],
            paymentMethod: 0,
          },
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(11);
    const active = await t.db.tenant(TENANT, (sql) =>
      sql.query<{ slot_id: string; n: number }>(
        'SELECT slot_id::text, count(*)::int AS n FROM appointments WHERE active AND slot_id = ANY($1) GROUP BY slot_id',
        [[slotId, raceSlot]],
      ),
    );
    expect(active.rows.map((r) => r.n)).toEqual([1, 1]);

    await replica.resumeReplay();
    await replica.caughtUp();
    expect(
      await onStandby<{ booked_count: number }>(
        'SELECT booked_count FROM doctor_slots WHERE slot_id = ANY($1) ORDER BY slot_id',
        [[slotId, raceSlot]],
      ),
    ).toEqual([{ booked_count: 1 }, { booked_count: 1 }]);
    // Caught up: the standby answers again, and agrees.
    expect(await offeredSlots(second.app)).not.toContain(slotId);
    expect(await offeredSlots(second.app)).not.toContain(raceSlot);
  });

  it('never rebuilds the search index from a standby that has not replayed the change it was told of', async () => {
    expect(await searchNames(t.app, 'Bản Sao')).toContain('Phạm Thị Bản Sao');
    expect(await searchNames(second.app, 'Bản Sao')).toContain('Phạm Thị Bản Sao');
    await replica.pauseReplay();
    // A rename by an operator's raw SQL: the search trigger NOTIFYs (on the primary) at commit.
    await asOwner(t, TENANT, (sql) =>
      sql.query(`UPDATE doctors SET full_name = 'Phạm Thị Bản Sao Mới' WHERE doctor_id = $1`, [w.doctorId]),
    );
    expect(
      await onStandby<{ full_name: string }>('SELECT full_name FROM doctors WHERE doctor_id = $1', [
        w.doctorId,
      ]),
    ).toEqual([{ full_name: 'Phạm Thị Bản Sao' }]);
    // Both processes heard the notice, dropped their index and rebuilt it from the primary (the
    // standby stayed behind the primary's WAL position): the new name, not the standby's old one.
    for (const app of [t.app, second.app]) {
      expect(
        await eventually(async () =>
          (await searchNames(app, 'Bản Sao Mới')).includes('Phạm Thị Bản Sao Mới'),
        ),
      ).toBe(true);
      // The notice fenced the other public reads too.
      expect((await doctorPage(app)).fullName).toBe('Phạm Thị Bản Sao Mới');
    }
    await replica.resumeReplay();
    await replica.caughtUp();
    expect(await searchNames(second.app, 'Bản Sao Mới')).toContain('Phạm Thị Bản Sao Mới');
  });

  it('answers public reads from the primary while the standby is down', async () => {
    // Until now the standby served the public reads (the metrics' db_public_reads_total).
    const before = t.db.replicaReads();
    expect(before.replica).toBeGreaterThan(0);
    await replica.stopStandby();
    const started = Date.now();
    expect((await doctorPage(t.app)).fullName).toBe('Phạm Thị Bản Sao Mới');
    expect(await offeredSlots(second.app)).toEqual(expect.any(Array));
    expect(await searchNames(t.app, 'Bản Sao Mới')).toContain('Phạm Thị Bản Sao Mới');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(t.db.replicaReads().unreachable).toBeGreaterThan(before.unreachable ?? 0);
  });
});
