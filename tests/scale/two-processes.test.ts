import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../load/server-process';
import {
  addPatient,
  call,
  freeSlots,
  shownSlotIds,
  signIn,
  startClusterWorld,
  type BookingBody,
  type ClusterWorld,
} from './cluster-world';

/**
 * The scale-out proofs across processes: two server processes on one PostgreSQL and one Redis, as two
 * hosts behind a load balancer. Each request picks a process; nothing in a process is trusted to
 * be seen by the other except through the database, the change bus and Redis.
 */
const execFileAsync = promisify(execFile);
let world: ClusterWorld;
let token: string;
const [a, b] = [() => world.servers[0]!, () => world.servers[1]!];
beforeAll(async () => {
  world = await startClusterWorld(2);
  token = await signIn(a());
});
afterAll(() => world?.close());

const book = (server: ServerProcess, body: BookingBody, key = randomUUID()) =>
  call<{ appointmentId: number }>(server, 'POST', '/Appointments/MakeAppointment', body, {
    token,
    headers: { 'idempotency-key': key },
  });

describe('two server processes, one truth', () => {
  it('50 concurrent bookings of one slot through both processes make exactly one appointment', async () => {
    const patients = await Promise.all([addPatient(a(), token, 'Race A'), addPatient(b(), token, 'Race B')]);
    const [slot] = await freeSlots(a(), patients[0]!, 1);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(i % 2 ? b() : a(), { ...slot!, patientId: patients[i % 2]! }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const { rows } = await world.db.query(
      'SELECT count(*)::int AS n FROM appointments WHERE slot_id = $1 AND status IN (1, 2, 4)',
      [slot!.slotId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a cancellation through one process frees the slot in the other at once, cached lists included', async () => {
    const patientId = await addPatient(a(), token, 'Cancel Check');
    const [slot] = await freeSlots(a(), patientId, 1);
    const nextSlotOf = async (server: ServerProcess) => {
      const list = await call<{ doctors: { doctorId: number; nextAvailableSlot: string | null }[] }>(
        server,
        'POST',
        '/Doctors/FilterDoctors',
        { pageNumber: 1, pageSize: 50, serviceTypes: [0], orderType: 'rating' },
      );
      return list.json.data.doctors.find((d) => d.doctorId === slot!.doctorId)?.nextAvailableSlot;
    };
    const before = await nextSlotOf(b());
    const booked = await book(a(), slot!);
    expect(booked.status).toBe(200);
    // B's cached doctor list and its schedule follow A's booking...
    expect(await shownSlotIds(b(), slot!.doctorId)).not.toContain(slot!.slotId);
    const whileBooked = await nextSlotOf(b());
    const cancelled = await call(
      a(),
      'POST',
      '/Appointments/CancelAppintment',
      { appointmentId: booked.json.data.appointmentId, reason: 'Đổi lịch', remark: 'Kiểm thử' },
      { token },
    );
    expect(cancelled.status).toBe(200);
    // ...and its cancellation, with no wait: the very next requests to B see the slot free again.
    expect(await shownSlotIds(b(), slot!.doctorId)).toContain(slot!.slotId);
    expect(await nextSlotOf(b())).toBe(before);
    // B's cached list had changed in between: the slot was the doctor's earliest free one.
    expect(whileBooked).not.toBe(before);
  });

  it('an operator command on the PostgreSQL deployment (no private socket) reaches both processes at once', async () => {
    const patientId = await addPatient(a(), token, 'Operator Cancel');
    const [slot] = await freeSlots(a(), patientId, 1);
    const booked = await book(b(), slot!);
    expect(booked.status).toBe(200);
    // Both processes have the booked state cached in their doctor lists now.
    const nextSlotOf = async (server: ServerProcess) =>
      (
        await call<{ doctors: { doctorId: number; nextAvailableSlot: string | null }[] }>(
          server,
          'POST',
          '/Doctors/FilterDoctors',
          { pageNumber: 1, pageSize: 50, serviceTypes: [0], orderType: 'rating' },
        )
      ).json.data.doctors.find((d) => d.doctorId === slot!.doctorId)?.nextAvailableSlot;
    const whileBooked = [await nextSlotOf(a()), await nextSlotOf(b())];
    const run = await execFileAsync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/admin.ts',
        'appointments',
        'cancel',
        'songkhoe',
        String(booked.json.data.appointmentId),
        '--by',
        'hospital',
        '--reason',
        'Bác sĩ nghỉ',
      ],
      { env: { ...process.env, ...world.env } },
    );
    expect(run.stdout).toContain('cancelled by the hospital');
    const freed = [await nextSlotOf(a()), await nextSlotOf(b())];
    expect(whileBooked[0]).toEqual(expect.any(String));
    expect(freed[0]).toBe(freed[1]);
    expect(freed[0]).not.toBe(whileBooked[0]);
    for (const server of [a(), b()])
      expect(await shownSlotIds(server, slot!.doctorId)).toContain(slot!.slotId);
  });

  it('runs each periodic job window once across both processes', async () => {
    // Both processes run the jobs (JOBS_ENABLED): pg-boss keeps one job per queue and window.
    const { rows: twice } = await world.db.query(
      `SELECT name, singleton_on, count(*)::int AS n FROM pgboss.job
        WHERE singleton_on IS NOT NULL GROUP BY name, singleton_on HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const { rows: done } = await world.db.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'holds.expire' AND state = 'completed'`,
    );
    expect(done[0].n).toBeGreaterThan(0);
  });

  it('wrong codes spread across both processes lock as one', async () => {
    const requested = await call(b(), 'POST', '/Auth/RequestOTP', {
      username: 'demo@songkhoe.example',
      otpType: 0,
    });
    expect(requested.status).toBe(200);
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? b() : a(), 'POST', '/Auth/LoginWithOTP', {
          userName: 'demo@songkhoe.example',
          otp: '000001',
          deviceType: 0,
        }).then((r) => r.status),
      ),
    );
    expect(tries.toSorted()).toEqual([400, 400, 400, 400, 400, 429]);
    // Locked on both: even the right code is refused now.
    const outbox = await call<{ code: string | null }[]>(
      a(),
      'GET',
      `/dev/outbox?to=${encodeURIComponent('demo@songkhoe.example')}`,
    );
    const code = outbox.json.data.find((m) => m.code)?.code;
    expect(code).toMatch(/^\d{6}$/);
    for (const server of [a(), b()]) {
      const right = await call(server, 'POST', '/Auth/LoginWithOTP', {
        userName: 'demo@songkhoe.example',
        otp: code,
        deviceType: 0,
      });
      expect(right.status).toBe(429);
    }
  });
});

/** The fetch failure's code (undici puts the socket's error in `cause`). */
const failureCode = (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code ?? '');

/**
 * The connection was refused: nothing of the request was sent, so the process never took it and
 * a load balancer may send it to another process, whatever it is.
 */
const refusedBeforeSent = (error: unknown) => failureCode(error) === 'ECONNREFUSED';

/**
 * The process went away under the request: refused, or the connection reset or closed while the
 * request was on it. Only for a process that died (kill -9): the request may or may not have been
 * done, so it is sent again with the same idempotency key.
 */
const lostWithDeadProcess = (error: unknown) =>
  ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(failureCode(error));

describe('losing a process', () => {
  it('kill -9 during a booking load: every acknowledged booking is kept, none twice, the other process serves on', async () => {
    const patientId = await addPatient(a(), token, 'Crash Load');
    const bodies = await freeSlots(a(), patientId, 120);
    expect(bodies.length).toBeGreaterThanOrEqual(60);
    const acknowledged = new Map<string, number>(); // idempotency key -> appointment id
    const retriedOnA: string[] = [];
    let killed = false;
    let next = 0;
    const worker = async (lane: number) => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const key = randomUUID();
        const target = lane % 2 && !killed ? b() : a();
        let reply;
        try {
          reply = await book(target, body, key);
        } catch (error) {
          // The killed process: the load balancer sends the same request (same key) to the other.
          if (!lostWithDeadProcess(error)) throw error;
          retriedOnA.push(key);
          reply = await book(a(), body, key);
        }
        expect(reply.status).toBe(200);
        acknowledged.set(key, Number(reply.json.data.appointmentId));
        if (!killed && acknowledged.size >= bodies.length / 3) {
          killed = true;
          b().child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, lane) => worker(lane)));
    expect(killed).toBe(true);
    // Bookings in flight on the killed process were sent again (same key) to the other.
    expect(retriedOnA.length).toBeGreaterThan(0);
    expect(acknowledged.size).toBe(bodies.length);
    // Every acknowledged booking is in the database, once: one appointment per key and slot.
    const ids = [...acknowledged.values()];
    expect(new Set(ids).size).toBe(ids.length);
    const { rows } = await world.db.query<{ appointment_id: string }>(
      'SELECT appointment_id FROM appointments WHERE patient_id = $1',
      [patientId],
    );
    expect(rows.map((r) => Number(r.appointment_id)).toSorted((x, y) => x - y)).toEqual(
      ids.toSorted((x, y) => x - y),
    );
    // Restarted, the process serves again.
    await world.start(1);
    expect((await call(b(), 'GET', '/Languages')).status).toBe(200);
  });

  it('SIGTERM drains the requests in flight: each is answered by its process, none is reset', async () => {
    // Each a different search (no cached answer), so that B is at work when the signal comes.
    const search = (server: ServerProcess, i: number) =>
      call(server, 'POST', '/Doctors/FilterDoctors', {
        pageNumber: 1 + (i % 3),
        pageSize: 10 + (i % 40),
        searchText: ['nguyen', 'tran', 'le', 'pham'][i % 4],
      });
    interface Outcome {
      sentTo: 'a' | 'b';
      /** Who answered: the process it was sent to, or A after B refused the connection. */
      answeredBy: 'a' | 'b' | null;
      status: number | null;
      /** B answered while draining (it closes each connection it answers then). */
      whileDraining?: boolean;
      /** The client's error when the request got no answer (a reset, a closed socket...). */
      error?: string;
    }
    const outcomes: Outcome[] = [];
    const signIns: Promise<Outcome>[] = [];
    const signInOnB = () =>
      call(b(), 'POST', '/Auth/Login', {
        userName: 'demo@songkhoe.example',
        password: 'Demo@123',
        deviceType: 0,
      }).then(
        (reply): Outcome => ({
          sentTo: 'b',
          answeredBy: 'b',
          status: reply.status,
          whileDraining: reply.headers.get('connection') === 'close',
        }),
        (error: unknown): Outcome => ({
          sentTo: 'b',
          answeredBy: null,
          status: null,
          error: failureCode(error),
        }),
      );
    let terminated = false;
    let sent = 0;
    const lane = async (index: number) => {
      while (sent < 400) {
        const i = sent++;
        // The load balancer sends to B until the signal, then only to A.
        const sentTo = index % 2 && !terminated ? 'b' : 'a';
        try {
          const reply = await search(sentTo === 'b' ? b() : a(), i);
          outcomes.push({
            sentTo,
            answeredBy: sentTo,
            status: reply.status,
            whileDraining: reply.headers.get('connection') === 'close',
          });
        } catch (error) {
          if (refusedBeforeSent(error)) {
            // Never taken: the load balancer may send it to the other process.
            const reply = await search(a(), i);
            outcomes.push({
              sentTo,
              answeredBy: 'a',
              status: reply.status,
            });
          } else {
            // Taken, then dropped: a failure the client sees (no retry hides it).
            outcomes.push({
              sentTo,
              answeredBy: null,
              status: null,
              error: failureCode(error) || String(error),
            });
          }
        }
        if (i === 100) {
          // Sign-ins (an argon2id check of tens of ms each) are on B when the signal comes, beside
          // the searches of the other lanes.
          signIns.push(...[0, 1].map(() => signInOnB()));
          await new Promise((resolve) => setTimeout(resolve, 15));
          terminated = true;
          b().child.kill('SIGTERM');
        }
      }
    };
    const exited = new Promise<number | null>((resolve) => b().child.once('exit', (code) => resolve(code)));
    await Promise.all(Array.from({ length: 8 }, (_, index) => lane(index)));
    expect(outcomes).toHaveLength(400);
    outcomes.push(...(await Promise.all(signIns)));
    // No request was reset or closed under it, and every one was answered 200.
    expect(outcomes.filter((o) => o.answeredBy === null)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    // The requests B had taken when the signal came were answered by B itself: draining finished
    // them. Only a connection B refused outright (nothing sent) went to A instead.
    const toB = outcomes.filter((o) => o.sentTo === 'b');
    const refusedByB = toB.filter((o) => o.answeredBy === 'a');
    // Some were in flight on B when it began draining (else nothing was drained).
    const drained = toB.filter((o) => o.answeredBy === 'b' && o.whileDraining);
    expect(drained.length).toBeGreaterThan(0);
    console.info(
      `SIGTERM drain: ${outcomes.length} requests (${signIns.length} sign-ins), ${toB.length} sent to B before the signal, ` +
        `${drained.length} of them answered by B while it drained, ` +
        `${refusedByB.length} refused by B and answered by A, 0 reset`,
    );
    expect(await exited).toBe(0);
    await world.start(1);
  });
});
