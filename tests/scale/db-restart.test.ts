import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../load/server-process';
import {
  addPatient,
  book,
  call,
  freeSlots,
  signIn,
  startClusterWorld,
  type BookingBody,
  type ClusterWorld,
} from './cluster-world';
import { startLocalCluster, type LocalCluster } from './local-cluster';

/**
 * Faults: PostgreSQL stops and starts again under load, and the service loses nothing. One server
 * process (jobs on) over a cluster this test makes and restarts itself with initdb and pg_ctl
 * (never the machine's shared server), while bookings, doctor lists, header searches, sign-ins and
 * the readiness probe run against it without pause. While the database is gone every answer is
 * 503 `database_unavailable` with Retry-After (readiness: 503 not ready), at once; the process
 * stays up, is ready again within seconds of the database's return, every booking it confirmed
 * is in the database once, and jobs and reminders carry on without sending anything twice.
 */
type Kind = 'booking' | 'filter' | 'search' | 'login' | 'readiness';
interface Sent {
  kind: Kind;
  startedAt: number;
  endedAt: number;
  /** 0: no answer at all (the client gave up, or the connection broke). */
  status: number;
  code: string | null;
  retryAfter: string | null;
  /** Bookings: the body and Idempotency-Key sent, and the appointment a 200 confirmed. */
  body?: BookingBody;
  key?: string;
  appointmentId?: number;
}

/** How long the load runs before the stop, how long the database stays away. */
const LOAD_BEFORE_MS = 2_500;
const DOWN_MS = 4_000;
/** After every kind has been answered 200 again, the load goes on this long. */
const LOAD_AFTER_MS = 3_000;
/** The promise: ready and serving again within this long of the database's return. */
const RECOVERY_LIMIT_MS = 5_000;
/** A request still unanswered after this long counts as hung (status 0). */
const CLIENT_TIMEOUT_MS = 15_000;
/** What "never a hang" means here: the pool's 5 s connection bound plus scheduling slack. */
const ANSWER_LIMIT_MS = 7_000;

let pgCluster: LocalCluster;
let world: ClusterWorld;
let server: ServerProcess;
let token: string;
let patientId: number;
let slots: BookingBody[];

beforeAll(async () => {
  pgCluster = await startLocalCluster({ name: 'primary' });
  world = await startClusterWorld(1, { LOG_LEVEL: 'error' }, pgCluster.url('postgres'));
  server = world.servers[0]!;
  token = await signIn(server);
  patientId = await addPatient(server, token, 'Restart Check');
  slots = await freeSlots(server, patientId, 400);
});
afterAll(async () => {
  await world?.close();
  await pgCluster?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const SEARCH_TEXTS = ['tim', 'nguyen', 'da lieu', 'nhi', 'mat'];

/** The requests of each kind, one after another per loop, until `stop()`. */
function startLoad() {
  const sent: Sent[] = [];
  let stopping = false;
  const timed = async (kind: Kind, request: () => Promise<Partial<Sent> & { status: number }>) => {
    const startedAt = Date.now();
    let outcome: Partial<Sent> & { status: number };
    try {
      outcome = await request();
    } catch {
      outcome = { status: 0 };
    }
    const record: Sent = { kind, startedAt, endedAt: Date.now(), code: null, retryAfter: null, ...outcome };
    sent.push(record);
    return record;
  };
  const loop = async (kind: Kind, request: (i: number) => Promise<Partial<Sent> & { status: number }>) => {
    for (let i = 0; !stopping; i++) {
      await timed(kind, () => request(i));
      await sleep(kind === 'readiness' ? 100 : 25);
    }
  };
  const envelope = <T>(reply: Awaited<ReturnType<typeof call<T>>>) => ({
    status: reply.status,
    code: reply.json.codeMessageRespond,
    retryAfter: reply.headers.get('retry-after'),
  });
  const options = { timeoutMs: CLIENT_TIMEOUT_MS };
  let outOfSlots = false;
  // A booking refused with 503 is sent again with its body and Idempotency-Key, as a client does
  // (sooner than Retry-After asks, to measure the recovery); a new slot only after a 200.
  const bookingLoop = async () => {
    let body: BookingBody | undefined;
    let key = '';
    while (!stopping) {
      if (!body) {
        body = slots.shift();
        key = randomUUID();
        if (!body) {
          outOfSlots = true;
          return;
        }
      }
      const attempt = { body, key };
      const { status } = await timed('booking', async () => {
        const reply = await book(server, token, attempt.body, attempt.key);
        return { ...envelope(reply), ...attempt, appointmentId: reply.json.data?.appointmentId };
      });
      if (status === 200) body = undefined;
      await sleep(25);
    }
  };
  const loops = [
    bookingLoop(),
    bookingLoop(),
    loop('filter', async (i) =>
      envelope(
        await call(
          server,
          'POST',
          '/Doctors/FilterDoctors',
          { pageNumber: 1 + (i % 3), pageSize: 20, serviceTypes: [0], orderType: 'rating' },
          options,
        ),
      ),
    ),
    loop('search', async (i) =>
      envelope(
        await call(
          server,
          'GET',
          `/GlobalSearches?searchText=${encodeURIComponent(SEARCH_TEXTS[i % SEARCH_TEXTS.length]!)}&languageId=1`,
          undefined,
          options,
        ),
      ),
    ),
    loop('login', async () =>
      envelope(
        await call(
          server,
          'POST',
          '/Auth/Login',
          { userName: 'demo@songkhoe.example', password: 'Demo@123', deviceType: 0 },
          options,
        ),
      ),
    ),
    loop('readiness', async () => {
      const reply = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
      const body = (await reply.json()) as { status: string };
      return { status: reply.status, code: body.status, retryAfter: reply.headers.get('retry-after') };
    }),
  ];
  return {
    sent,
    get outOfSlots() {
      return outOfSlots;
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

/** Offers one run of a job through pg-boss, as an operator would; its id, or null if one waits. */
async function offerRun(name: string, singletonKey: string): Promise<string | null> {
  const boss = new PgBoss({
    connectionString: world.env.DATABASE_URL,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    return await boss.send(name, {}, { singletonKey });
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

async function jobState(name: string, id: string): Promise<string | undefined> {
  const { rows } = await world.db.query<{ state: string }>(
    'SELECT state FROM pgboss.job WHERE name = $1 AND id = $2',
    [name, id],
  );
  return rows[0]?.state;
}

/** Runs a job now (as its timers would in their next window) and waits for the run's end. */
async function runJobNow(name: string, timeoutMs = 20_000): Promise<string> {
  const id = await offerRun(name, `db-restart-${randomUUID()}`);
  if (!id) throw new Error(`pg-boss took no ${name} run`);
  return eventually(
    `${name} run ${id}`,
    async () => {
      const state = await jobState(name, id);
      if (state === 'failed') throw new Error(`${name} run ${id} failed`);
      return state === 'completed' ? id : undefined;
    },
    timeoutMs,
  );
}

/**
 * A `holds.expire` run in progress, of the kind its timers offer (singleton key = the job: while
 * it is active, the stately queue starts no other). A lock on the appointments it updates keeps
 * it waiting, so the database stops under it and pg-boss records its end while the database is
 * away. Returns its id and the lock's connection (the database stopping breaks it).
 */
async function holdARun(): Promise<{ id: string; release(): void }> {
  const locker = await world.db.connect();
  locker.on('error', () => undefined);
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE appointments IN EXCLUSIVE MODE');
  // Null when the timers' run of this window is already waiting: that one is taken instead.
  await offerRun('holds.expire', 'holds.expire');
  const id = await eventually(
    'a holds.expire run in progress',
    async () => {
      const { rows } = await world.db.query<{ id: string }>(
        `SELECT id FROM pgboss.job WHERE name = 'holds.expire' AND singleton_key = 'holds.expire' AND state = 'active'`,
      );
      return rows[0]?.id;
    },
    10_000,
  );
  return { id, release: () => locker.release(true) };
}

/** How many reminders of these appointments are due and not sent yet. */
async function duePending(appointmentIds: number[]): Promise<number> {
  const { rows } = await world.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointment_reminders
      WHERE appointment_id = ANY($1::bigint[]) AND state = 'pending' AND next_attempt_at <= now()`,
    [appointmentIds],
  );
  return rows[0]!.n;
}

/** Reminder emails of these appointments the message jobs have not sent yet. */
async function pendingReminderEmails(appointmentIds: number[]): Promise<number> {
  const { rows } = await world.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointment_reminders r
       JOIN message_deliveries d ON d.dedup_key = 'reminder:' || r.reminder_id || ':email'
      WHERE r.appointment_id = ANY($1::bigint[]) AND d.state IN ('pending', 'sending')`,
    [appointmentIds],
  );
  return rows[0]!.n;
}

/** Makes the pending reminders of these appointments due now (the clock would, in a day). */
async function remindersFallDue(appointmentIds: number[]): Promise<string[]> {
  const { rows } = await world.db.query<{ reminder_id: string }>(
    `UPDATE appointment_reminders SET next_attempt_at = now() - interval '1 second'
      WHERE appointment_id = ANY($1::bigint[]) AND state = 'pending' RETURNING reminder_id`,
    [appointmentIds],
  );
  return rows.map((r) => r.reminder_id);
}

describe('PostgreSQL restarts under load', () => {
  it('answers 503 with Retry-After while it is gone, recovers within 5 s, and loses nothing', async () => {
    const figures: Record<string, unknown> = {};
    const load = startLoad();
    await sleep(LOAD_BEFORE_MS);
    // Reminders of the bookings made so far fall due now: the job that sends them runs after the
    // restart, and must send each exactly once.
    const bookedBefore = load.sent.filter((s) => s.kind === 'booking' && s.status === 200);
    const dueBefore = await remindersFallDue(bookedBefore.map((s) => s.appointmentId!));

    const held = await holdARun();

    const stopAt = Date.now();
    await pgCluster.stop('fast');
    const downAt = Date.now();
    held.release();
    await sleep(DOWN_MS);
    const startAt = Date.now();
    await pgCluster.start();
    const upAt = Date.now();
    // The held run ended while the database was away: pg-boss could not record it, so the job is
    // still 'active' (and its queue would start nothing else until it expires, in 5 minutes).
    const heldRunAfterRestart = await jobState('holds.expire', held.id);

    // The first 200 of each kind that started after the database was back.
    const firstOk = (kind: Kind) =>
      load.sent.find((s) => s.kind === kind && s.status === 200 && s.startedAt >= upAt);
    const recovered = await eventually(
      'every kind answered 200 again',
      async () => {
        if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode})`);
        const found = (['booking', 'filter', 'login', 'readiness'] as const).map(firstOk);
        return found.every(Boolean) ? (found as Sent[]) : undefined;
      },
      30_000,
    );
    await sleep(LOAD_AFTER_MS);
    await load.stop();
    const sent = load.sent;
    expect(load.outOfSlots, 'the booking load ran out of free slots').toBe(false);

    // The process never exited, and serves.
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // Every request was answered (none hung), soon.
    expect(sent.filter((s) => s.status === 0)).toEqual([]);
    const slowest = Math.max(...sent.map((s) => s.endedAt - s.startedAt));
    expect(slowest).toBeLessThan(ANSWER_LIMIT_MS);
    // Only 200 or 503: never a 500 (nor anything else).
    expect(sent.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    // Every 503 is ours: the envelope's translated key and Retry-After (readiness: not ready).
    const refused = sent.filter((s) => s.status === 503);
    for (const s of refused) {
      expect(s.code).toBe(s.kind === 'readiness' ? 'not ready' : 'database_unavailable');
      expect(Number(s.retryAfter)).toBeGreaterThan(0);
    }
    // Before the stop everything was served; while the database was gone, everything was refused
    // (the header search too: its in-memory index is not trusted while no change can reach it).
    expect(sent.filter((s) => s.endedAt < stopAt && s.status !== 200)).toEqual([]);
    const whileDown = sent.filter((s) => s.startedAt > downAt && s.endedAt < startAt);
    for (const kind of ['booking', 'filter', 'search', 'login', 'readiness'] as const) {
      const ofKind = whileDown.filter((s) => s.kind === kind);
      expect(ofKind.length, `${kind} requests while the database was down`).toBeGreaterThan(0);
      expect(ofKind.filter((s) => s.status !== 503)).toEqual([]);
    }
    // Back within 5 s of `pg_ctl start` returning, and then served without a single refusal.
    const recoveryMs = Object.fromEntries(recovered.map((s) => [s.kind, s.endedAt - upAt]));
    for (const [kind, ms] of Object.entries(recoveryMs)) {
      expect(ms, `${kind} recovery`).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    }
    expect(sent.filter((s) => s.startedAt >= upAt + RECOVERY_LIMIT_MS && s.status !== 200)).toEqual([]);

    // Lost writes: every booking answered 200 is in the database, with its slot and patient.
    const confirmed = sent.filter((s) => s.kind === 'booking' && s.status === 200);
    const { rows: stored } = await world.db.query<{
      appointment_id: string;
      slot_id: string;
      patient_id: number;
    }>(
      'SELECT appointment_id, slot_id, patient_id FROM appointments WHERE appointment_id = ANY($1::bigint[])',
      [confirmed.map((s) => s.appointmentId)],
    );
    const byId = new Map(stored.map((r) => [Number(r.appointment_id), r]));
    const lost = confirmed.filter(
      (s) =>
        Number(byId.get(s.appointmentId!)?.slot_id) !== s.body!.slotId ||
        byId.get(s.appointmentId!)?.patient_id !== patientId,
    );
    expect(lost).toEqual([]);

    // A refused booking may still have committed (its COMMIT's answer lost): the load sent it again
    // with its Idempotency-Key, which gives that appointment back, else books the still-free slot.
    // Those still refused when the load stopped are sent once more now: each must end in a 200.
    const bookings = sent.filter((s) => s.kind === 'booking');
    const attemptsOf = new Map<string, Sent[]>();
    for (const s of bookings) attemptsOf.set(s.key!, [...(attemptsOf.get(s.key!) ?? []), s]);
    const keys = [...attemptsOf.keys()];
    const unfinished = keys.map((k) => attemptsOf.get(k)!.at(-1)!).filter((s) => s.status !== 200);
    const finished = await Promise.all(unfinished.map((s) => book(server, token, s.body!, s.key!)));
    expect(finished.filter((r) => r.status !== 200).map((r) => r.json)).toEqual([]);
    const answered = new Map(confirmed.map((s) => [s.key!, s.appointmentId!]));
    unfinished.forEach((s, i) => answered.set(s.key!, finished[i]!.json.data.appointmentId));

    // None twice: each key made exactly the one appointment its 200 named, each slot is booked once,
    // and the patient has exactly one appointment per key.
    const { rows: perKey } = await world.db.query<{ key: string; appointment_id: string; created: number }>(
      `SELECT idempotency_key AS key, appointment_id, extract(epoch FROM created_at) * 1000 AS created
         FROM idempotency_keys WHERE idempotency_key = ANY($1)`,
      [keys],
    );
    expect(new Map(perKey.map((r) => [r.key, Number(r.appointment_id)]))).toEqual(answered);
    const { rows: twice } = await world.db.query(
      `SELECT slot_id FROM appointments WHERE patient_id = $1 AND active GROUP BY slot_id HAVING count(*) > 1`,
      [patientId],
    );
    expect(twice).toEqual([]);
    const { rows: total } = await world.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM appointments WHERE patient_id = $1',
      [patientId],
    );
    expect(total[0]!.n).toBe(keys.length);
    // (Figures) a key's row made before one of its 503 answers came back: that attempt committed.
    const created = new Map(perKey.map((r) => [r.key, Number(r.created)]));
    const committedDespite503 = keys.filter((k) =>
      attemptsOf.get(k)!.some((s) => s.status === 503 && created.get(k)! < s.endedAt),
    ).length;

    // Jobs: the process's own timers keep offering runs after the restart, and the runs complete:
    // the next tick records the held run's end, and the run it offers then runs.
    expect(heldRunAfterRestart).toBe('active');
    const ticked = await eventually(
      'a holds.expire run offered after the restart',
      async () => {
        const { rows } = await world.db.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'holds.expire' AND singleton_key = 'holds.expire'
            AND created_on > to_timestamp($1 / 1000.0)
            AND state = 'completed' LIMIT 1`,
          [upAt],
        );
        return rows[0];
      },
      40_000,
    );
    expect(ticked.state).toBe('completed');
    expect(await jobState('holds.expire', held.id)).toBe('completed');
    // Reminders: those due before the stop, then those of every later booking, each sent once. A
    // run sends at most one batch (200 per tenant); the next run takes the rest.
    await runJobNow('reminders.dispatch');
    const appointmentIds = await ourAppointments();
    const dueAfter = await remindersFallDue(appointmentIds);
    let dispatchRuns = 1;
    do {
      await runJobNow('reminders.dispatch');
      dispatchRuns += 1;
    } while ((await duePending(appointmentIds)) > 0 && dispatchRuns < 10);
    const { rows: reminders } = await world.db.query<{
      reminder_id: string;
      state: string;
      attempts: number;
      notifications: number;
    }>(
      `SELECT r.reminder_id, r.state, r.attempts,
              (SELECT count(*)::int FROM notifications n WHERE n.reminder_id = r.reminder_id) AS notifications
         FROM appointment_reminders r WHERE r.appointment_id = ANY($1::bigint[]) AND r.next_attempt_at <= now()`,
      [appointmentIds],
    );
    expect(new Set(reminders.map((r) => r.reminder_id))).toEqual(new Set([...dueBefore, ...dueAfter]));
    expect(reminders.filter((r) => r.state !== 'sent' || r.attempts !== 1 || r.notifications !== 1)).toEqual(
      [],
    );
    // ...each became a message event whose email the message jobs send...
    let messageRuns = 0;
    do {
      await runJobNow('messages.dispatch');
      messageRuns += 1;
    } while ((await pendingReminderEmails(appointmentIds)) > 0 && messageRuns < 10);
    // ...and each reminder email is in the outbox once.
    const { rows: emails } = await world.db.query<{ appointment_id: string; sent: number; emails: number }>(
      `SELECT a.appointment_id,
              (SELECT count(*)::int FROM appointment_reminders r
                 JOIN message_deliveries d ON d.dedup_key = 'reminder:' || r.reminder_id || ':email'
                WHERE r.appointment_id = a.appointment_id AND d.state = 'sent') AS sent,
              (SELECT count(*)::int FROM outbox_messages o
                WHERE o.subject LIKE '%: Nhắc lịch hẹn ' || a.appointment_number
                   OR o.subject LIKE '%: Reminder: appointment ' || a.appointment_number) AS emails
         FROM appointments a WHERE a.appointment_id = ANY($1::bigint[])`,
      [appointmentIds],
    );
    expect(emails.filter((e) => e.sent !== e.emails)).toEqual([]);
    const reminderEmails = emails.reduce((sum, e) => sum + e.emails, 0);
    expect(reminderEmails).toBeGreaterThan(0);

    const byKind = (list: Sent[]) =>
      Object.fromEntries(
        (['booking', 'filter', 'search', 'login', 'readiness'] as const).map((kind) => [
          kind,
          list.filter((s) => s.kind === kind).length,
        ]),
      );
    const statuses = (kind: Kind) =>
      sent
        .filter((s) => s.kind === kind)
        .reduce<Record<number, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {});
    Object.assign(figures, {
      requestsSent: byKind(sent),
      statusesSeen: Object.fromEntries(
        (['booking', 'filter', 'search', 'login', 'readiness'] as const).map((k) => [k, statuses(k)]),
      ),
      stopTookMs: downAt - stopAt,
      databaseDownMs: upAt - stopAt,
      startTookMs: upAt - startAt,
      recoveryMs,
      slowestAnswerMs: slowest,
      bookings: keys.length,
      bookingAttemptsRefused: bookings.filter((s) => s.status === 503).length,
      bookingsStillRefusedAtStop: unfinished.length,
      committedDespite503,
      lostWrites: lost.length,
      freeSlotsLeft: slots.length,
      remindersDueBeforeStop: dueBefore.length,
      remindersSent: reminders.length,
      dispatchRuns,
      reminderEmails,
    });
    console.log(`database restart: ${JSON.stringify(figures, null, 2)}`);

    async function ourAppointments(): Promise<number[]> {
      const { rows } = await world.db.query<{ appointment_id: string }>(
        'SELECT appointment_id FROM appointments WHERE patient_id = $1',
        [patientId],
      );
      return rows.map((r) => Number(r.appointment_id));
    }
  });
});
