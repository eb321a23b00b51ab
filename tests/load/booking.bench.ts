import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { freeSlots } from '../scale/cluster-world';
import type { BenchSection } from './bench-module';
import { cpuBetween, cpuSnapshot } from './cpu-time';
import { pgbenchCeiling } from './pgbench-ceiling';

/**
 * MakeAppointment under load: the demo patient of songkhoe books, on 50 connections, distinct free
 * slots of many doctors (one slot per doctor and day, so no rule refuses them and every request is
 * a real booking: slot taken, day count, appointment, symptoms, reminders in one transaction).
 * First 50 bookings one at a time (what one booking costs), then the rest on 50 connections, then
 * a burst on ONE slot (every connection wants it): exactly one must win, the rest get 409.
 *
 * Budgets on PostgreSQL with 10 000 doctors: one connection median <= 8 ms; 50 connections >= 600
 * req/s with p99 <= 100 ms, printed beside pgbench's ceiling on the same server (pgbench-ceiling.ts):
 *   DATABASE_URL=$BENCH_DATABASE_URL npm run seed -- --tenant songkhoe --doctors 10000 --slots-per-doctor 100 --reset
 *   BENCH_DATABASE_URL=postgres://... BENCH_SECTIONS=booking npm run bench
 */
const DEVICE = '0b0b0b0b-0000-4000-8000-000000000001';
const TARGET_BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1500);
const SEQUENTIAL = 50;
const BUDGET = { sequentialMedianMs: 8, rps: 600, p99Ms: 100 };

interface Envelope<T> {
  isSuccess: boolean;
  data: T;
  codeMessageRespond: string | null;
}
interface ScheduleDay {
  date: string;
  timeSlots: { timeSlot: number; slots: { slotId: number; hospitalId: number | null }[] }[];
}

export const section: BenchSection = {
  title: 'Booking: MakeAppointment',
  async run({ server, env, database, connections, seconds, print }) {
    const base = {
      companycode: 'songkhoe',
      'x-accept-language': 'vi',
      'content-type': 'application/json',
      unique: DEVICE,
    };
    const call = async <T>(method: string, path: string, body?: unknown, token?: string) => {
      const reply = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { ...base, ...(token && { authorization: `Bearer ${token}` }) },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: reply.status, json: (await reply.json()) as Envelope<T> };
    };
    const login = await call<{ token: string }>('POST', '/Auth/Login', {
      userName: 'demo@songkhoe.example',
      password: 'Demo@123',
      deviceType: 0,
    });
    const token = login.json.data?.token;
    if (!token)
      throw new Error(`booking bench: demo sign-in failed: ${JSON.stringify(login.json).slice(0, 200)}`);
    // Fresh family members for each run, so earlier runs' bookings (one per patient, doctor and
    // day) never refuse this run's: one books the distinct slots, one joins the burst.
    const addPatient = async (fullName: string) => {
      const added = await call<{ patientId: number }>(
        'POST',
        '/Patients/AddPatient',
        { fullName, gender: 'F', dateOfBirth: '1960-05-01', relationId: 2 },
        token,
      );
      if (!added.json.data?.patientId)
        throw new Error(`booking bench: AddPatient failed: ${JSON.stringify(added.json).slice(0, 200)}`);
      return added.json.data.patientId;
    };
    const self = { patientId: await addPatient('Bench Patient') };

    // Distinct (doctor, day) slots of doctors who offer hospital visits, soonest first.
    const bodies = (await freeSlots(server, self.patientId, TARGET_BOOKINGS, 'earliestSlot')).map((b) =>
      JSON.stringify(b),
    );
    print(`prepared ${bodies.length} distinct free slots (one per doctor and day)`);

    // One at a time first: what one booking costs when nothing queues.
    const sequential: number[] = [];
    for (const body of bodies.splice(0, Math.min(SEQUENTIAL, Math.floor(bodies.length / 4)))) {
      const started = performance.now();
      const reply = await fetch(`${server.url}/api/v1/Appointments/MakeAppointment`, {
        method: 'POST',
        headers: { ...base, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        body,
      });
      await reply.arrayBuffer();
      if (reply.status !== 200)
        throw new Error(`booking bench: a sequential booking answered ${reply.status}`);
      sequential.push(performance.now() - started);
    }
    sequential.sort((a, b) => a - b);
    const pct = (p: number) =>
      sequential[Math.min(sequential.length - 1, Math.ceil((p / 100) * sequential.length) - 1)];
    print(
      `MakeAppointment, 1 connection, ${sequential.length} bookings: median ${pct(50)?.toFixed(1)} ms   p99 ${pct(99)?.toFixed(1)} ms`,
    );

    const cpuBefore = cpuSnapshot(server.child.pid);
    const {
      result,
      statuses,
      seconds: loadSeconds,
    } = await bookAll(server.url, connections, { ...base, authorization: `Bearer ${token}` }, bodies);
    // Requests per second over the whole run (autocannon's per-second average drops the last,
    // partial second of a run bounded by count, and its duration rounds up to whole seconds).
    const rps = Math.round(result.requests.total / (loadSeconds || 1));
    print(
      `MakeAppointment, ${connections} connections, ${result.requests.total} distinct bookings: median ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ${rps} req/s   statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${result.errors} errors`,
    );
    // Where a booking's CPU went (2 cores: 1 000 ms of CPU per second of the run at most).
    const cpu = cpuBetween(cpuBefore, cpuSnapshot(server.child.pid));
    const perBooking = (seconds: number | null) =>
      seconds === null ? 'n/a' : `${((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(1)} ms`;
    print(
      `CPU per booking: server ${perBooking(cpu.server)}, PostgreSQL (every process, with the dispatcher's work) ${perBooking(cpu.postgres)}, load client ${perBooking(cpu.client)}`,
    );
    const ceiling = env.DATABASE_URL ? pgbenchCeiling(env.DATABASE_URL, connections, seconds) : null;
    const share = ceiling
      ? ` = ${Math.round((rps / ceiling) * 100)}% of pgbench's ${Math.round(ceiling)} tps`
      : '';
    print(
      `budget: 1 connection median ${pct(50)?.toFixed(1)} ms (<= ${BUDGET.sequentialMedianMs})   ${connections} connections ${rps} req/s (>= ${BUDGET.rps})${share}   p99 ${result.latency.p99} ms (<= ${BUDGET.p99Ms})`,
    );
    if (ceiling === null && env.DATABASE_URL)
      print('pgbench ceiling: not measured (pgbench not on the PATH)');
    const met =
      (pct(50) ?? Infinity) <= BUDGET.sequentialMedianMs &&
      rps >= BUDGET.rps &&
      result.latency.p99 <= BUDGET.p99Ms;
    if (database === 'PostgreSQL' && !met) print('OVER BUDGET: MakeAppointment');

    // Everyone wants the same slot: exactly one 200.
    const contested =
      bodies.length > 0 ? await freshSlotBody(call, await addPatient('Bench Relative')) : null;
    if (contested) {
      const burst = await Promise.all(
        Array.from({ length: connections }, () =>
          fetch(`${server.url}/api/v1/Appointments/MakeAppointment`, {
            method: 'POST',
            headers: { ...base, authorization: `Bearer ${token}` },
            body: contested,
          }).then((r) => r.status),
        ),
      );
      const counts = burst.reduce<Record<number, number>>(
        (acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }),
        {},
      );
      print(`${connections} concurrent bookings of one slot: ${JSON.stringify(counts)} (expected one 200)`);
      if ((counts[200] ?? 0) !== 1) process.exitCode = 1;
    }
  },
};

/** A booking body for a free slot no earlier request used (a doctor far down the list). */
async function freshSlotBody(
  call: <T>(method: string, path: string, body?: unknown, token?: string) => Promise<{ json: Envelope<T> }>,
  patientId: number,
): Promise<string | null> {
  const list = await call<{ doctors: { doctorId: number }[] }>('POST', '/Doctors/FilterDoctors', {
    pageNumber: 1,
    pageSize: 50,
    serviceTypes: [0],
    orderType: 'rating',
  });
  for (const { doctorId } of (list.json.data?.doctors ?? []).reverse()) {
    const schedule = await call<ScheduleDay[]>(
      'GET',
      `/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctorId}&days=14`,
    );
    const symptoms = await call<{ symptomId: number }[]>(
      'GET',
      `/Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=${doctorId}`,
    );
    const days = schedule.json.data ?? [];
    const day = days[days.length - 1];
    const slot = day?.timeSlots.flatMap((t) => t.slots).at(-1);
    const symptomId = symptoms.json.data?.[0]?.symptomId;
    if (slot && symptomId)
      return JSON.stringify({
        doctorId,
        slotId: slot.slotId,
        serviceTypeId: 0,
        ...(slot.hospitalId && { hospitalId: slot.hospitalId }),
        patientId,
        symptomIds: [symptomId],
        paymentMethod: 0,
      });
  }
  return null;
}

/**
 * Books every body once (a fresh Idempotency-Key each) on `connections` connections: autocannon's
 * result and the count of each HTTP status.
 */
export async function bookAll(
  url: string,
  connections: number,
  headers: Record<string, string>,
  bodies: string[],
): Promise<{ result: autocannon.Result; statuses: Map<number, number>; seconds: number }> {
  let next = 0;
  const statuses = new Map<number, number>();
  // From the start to the last answer: autocannon notices that a run bounded by count is over only
  // on its one-second tick, so its duration rounds the run up to whole seconds (1 450 bookings
  // read as 290 or 241 req/s, nothing between).
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon({
    url,
    connections,
    amount: bodies.length,
    headers,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/Appointments/MakeAppointment',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
          body: bodies[next++ % bodies.length],
        }),
        onResponse: (status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          lastAnswer = performance.now();
        },
      },
    ],
  });
  return { result, statuses, seconds: (lastAnswer - started) / 1000 };
}
