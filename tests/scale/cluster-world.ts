import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type ServerProcess } from '../load/server-process';

/**
 * Two real server processes (`node --import tsx server/server.ts`, as `npm start` and the image
 * run them) on one fresh database of the machine's PostgreSQL (or of `postgresUrl`, a cluster the
 * test runs itself) and the machine's Redis: what two hosts behind a load balancer share. Same JWT
 * secret, so a token from one works on the other.
 */
export const MACHINE_PG = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Set by tests/scale/seeded-template-setup.ts: the run's databases on the machine's PostgreSQL
 * are named `sk_scale_<run>_...` (the migrated and seeded template `sk_scale_<run>_seeded`), and
 * its teardown drops them all.
 */
export const SCALE_RUN_ENV = 'SK_SCALE_RUN';
export const scaleRunPrefix = (run: string) => `sk_scale_${run}_`;
export const seededTemplate = (run: string) => `${scaleRunPrefix(run)}seeded`;
export const DEVICE = '0c0c0c0c-0000-4000-8000-000000000001';

export interface ClusterWorld {
  servers: ServerProcess[];
  /** The environment the servers run with (DATABASE_URL, REDIS_URL, ...). */
  env: Record<string, string>;
  /** Owner connection to the shared database (checks only). */
  db: pg.Pool;
  /** Starts (again) the server at `index` on its port. */
  start(index: number): Promise<ServerProcess>;
  close(): Promise<void>;
}

/** The environment of a server host on `databaseUrl` (the machine's Redis, jobs on, a new secret). */
export function hostEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    JWT_SECRET: randomBytes(24).toString('hex'),
    DATA_DIR: dataDir,
    METRICS_PORT: '0',
    JOBS_ENABLED: 'true',
  };
}

export async function startClusterWorld(
  count = 2,
  extraEnv: Record<string, string> = {},
  postgresUrl = MACHINE_PG,
): Promise<ClusterWorld> {
  // On the machine's PostgreSQL a world starts on a copy of the run's seeded template: its first
  // server finds the demo data, as on a restart, instead of seeding it again.
  const run = postgresUrl === MACHINE_PG ? process.env[SCALE_RUN_ENV] : undefined;
  const name = `${run ? scaleRunPrefix(run) : 'sk_scale_'}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${run ? ` TEMPLATE ${seededTemplate(run)}` : ''}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-scale-'));
  const ports = Array.from({ length: count }, (_, i) => 8400 + Math.floor(Math.random() * 500) * 2 + i);
  const env = { ...hostEnv(url.toString(), dataDir), ...extraEnv };
  const servers: ServerProcess[] = [];
  const start = async (index: number) => {
    servers[index] = await startServer(ports[index]!, env);
    return servers[index]!;
  };
  // The first prepares the database (migrations and demo data, or only the slots' top-up on the
  // seeded copy); the others find it ready.
  for (let i = 0; i < count; i++) await start(i);
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle checking connection broken by a database restart (a fault test) is simply dropped.
  db.on('error', () => undefined);
  return {
    servers,
    env,
    db,
    start,
    async close() {
      for (const server of servers) if (server.child.exitCode === null) await server.stop();
      await db.end();
      rmSync(dataDir, { recursive: true, force: true });
      // A DROP DATABASE waits for a checkpoint of the whole cluster: a run's databases are
      // dropped together by its teardown instead.
      if (run) return;
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface Reply<T> {
  status: number;
  headers: Headers;
  json: { isSuccess: boolean; data: T; codeMessageRespond: string | null; errors?: string[] };
}

/** One API call to `server` as the songkhoe portal, optionally signed in. */
export async function call<T>(
  server: ServerProcess,
  method: string,
  apiPath: string,
  body?: unknown,
  options: { token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply<T>> {
  const reply = await fetch(`${server.url}/api/v1${apiPath}`, {
    method,
    headers: {
      companycode: 'songkhoe',
      'x-accept-language': 'vi',
      'content-type': 'application/json',
      unique: DEVICE,
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    body: body === undefined ? null : JSON.stringify(body),
    ...(options.timeoutMs && { signal: AbortSignal.timeout(options.timeoutMs) }),
  });
  return { status: reply.status, headers: reply.headers, json: (await reply.json()) as Reply<T>['json'] };
}

/** The demo patient's token (signed in through `server`). */
export async function signIn(server: ServerProcess): Promise<string> {
  const login = await call<{ token: string }>(server, 'POST', '/Auth/Login', {
    userName: 'demo@songkhoe.example',
    password: 'Demo@123',
    deviceType: 0,
  });
  if (!login.json.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(login.json)}`);
  return login.json.data.token;
}

/** MakeAppointment as the holder of `token`, under an Idempotency-Key (a retry passes the same). */
export const book = (server: ServerProcess, token: string, body: BookingBody, key: string) =>
  call<{ appointmentId: number }>(server, 'POST', '/Appointments/MakeAppointment', body, {
    token,
    headers: { 'idempotency-key': key },
  });

/** A new family member of the demo patient (one booking per patient, doctor and day). */
export async function addPatient(server: ServerProcess, token: string, fullName: string): Promise<number> {
  const added = await call<{ patientId: number }>(
    server,
    'POST',
    '/Patients/AddPatient',
    { fullName, gender: 'F', dateOfBirth: '1960-05-01', relationId: 2 },
    { token },
  );
  if (!added.json.data?.patientId) throw new Error(`AddPatient failed: ${JSON.stringify(added.json)}`);
  return added.json.data.patientId;
}

interface ScheduleDay {
  date: string;
  timeSlots: { slots: { slotId: number; startsAt: string; hospitalId: number | null }[] }[];
}

/** Past the default cancel (2 h) and reschedule (4 h) windows, with an hour to spare. */
const CHANGEABLE_AFTER_MS = 5 * 3_600_000;

export interface BookingBody {
  doctorId: number;
  slotId: number;
  serviceTypeId: 0;
  hospitalId?: number;
  patientId: number;
  symptomIds: number[];
  paymentMethod: 0;
}

/** Free hospital-visit slots, at most one per doctor and day (so no booking rule refuses them). */
export async function freeSlots(
  server: ServerProcess,
  patientId: number,
  wanted: number,
  orderType: 'rating' | 'earliestSlot' = 'rating',
): Promise<BookingBody[]> {
  const bodies: BookingBody[] = [];
  for (let page = 1; bodies.length < wanted && page <= 200; page++) {
    const list = await call<{ doctors: { doctorId: number; nextAvailableSlot: string | null }[] }>(
      server,
      'POST',
      '/Doctors/FilterDoctors',
      {
        pageNumber: page,
        pageSize: 50,
        serviceTypes: [0],
        orderType,
      },
    );
    const doctors = list.json.data?.doctors ?? [];
    if (doctors.length === 0) break;
    for (const { doctorId, nextAvailableSlot } of doctors) {
      const [schedule, symptoms] = await Promise.all([
        call<ScheduleDay[]>(
          server,
          'GET',
          `/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctorId}&days=14`,
        ),
        call<{ symptomId: number }[]>(
          server,
          'GET',
          `/Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=${doctorId}`,
        ),
      ]);
      const symptomId = symptoms.json.data?.[0]?.symptomId;
      if (!symptomId) continue;
      // Tests cancel or reschedule what they book (windows of 2 h and 4 h by default), and some
      // check that booking a doctor's earliest free slot moves their next free one: a doctor whose
      // earliest free slot starts within 5 h is left out, so every slot taken is changeable.
      const days = schedule.json.data ?? [];
      const earliest = days.flatMap((d) => d.timeSlots.flatMap((t) => t.slots))[0];
      if (!earliest || Date.parse(earliest.startsAt) < Date.now() + CHANGEABLE_AFTER_MS) continue;
      // After the same-day cut-off the list's next free slot can be one today that the schedule no
      // longer offers (doctors.next_free_slot knows no cut-off): such a doctor's entry would not move.
      if (nextAvailableSlot && Date.parse(nextAvailableSlot) !== Date.parse(earliest.startsAt)) continue;
      for (const day of days) {
        const slot = day.timeSlots.flatMap((t) => t.slots)[0];
        if (!slot) continue;
        bodies.push({
          doctorId,
          slotId: slot.slotId,
          serviceTypeId: 0,
          ...(slot.hospitalId && { hospitalId: slot.hospitalId }),
          patientId,
          symptomIds: [symptomId],
          paymentMethod: 0,
        });
        if (bodies.length >= wanted) return bodies;
      }
    }
  }
  return bodies;
}

/** Free slot ids of one doctor for the next 14 days, as `server` shows them. */
export async function shownSlotIds(server: ServerProcess, doctorId: number): Promise<number[]> {
  const schedule = await call<ScheduleDay[]>(
    server,
    'GET',
    `/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctorId}&days=14`,
  );
  return (schedule.json.data ?? []).flatMap((d) => d.timeSlots.flatMap((t) => t.slots.map((s) => s.slotId)));
}
