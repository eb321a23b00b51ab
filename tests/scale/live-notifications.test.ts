import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../load/server-process';
import {
  addPatient,
  book,
  call,
  DEVICE,
  freeSlots,
  signIn,
  startClusterWorld,
  type ClusterWorld,
} from './cluster-world';

/**
 * Live in-app notifications across processes: a browser's stream is held by one process, the
 * notification is written by another (or by anything else that writes the table), and migration
 * 034's trigger with each process's one LISTEN session carries it over within 2 s.
 */
let world: ClusterWorld;
let token: string;
let userId: number;
const [a, b] = [() => world.servers[0]!, () => world.servers[1]!];

beforeAll(async () => {
  world = await startClusterWorld(2);
  token = await signIn(a());
  const { rows } = await world.db.query(`SELECT user_id FROM users WHERE email = 'demo@songkhoe.example'`);
  userId = Number(rows[0].user_id);
});
afterAll(() => world?.close());

interface Arrival {
  data: { notificationId: number; typeNotify: string; title: string };
  at: number;
}

/** The demo patient's notification stream on `server`, collecting new notifications with their time. */
async function openStream(server: ServerProcess) {
  const arrivals: Arrival[] = [];
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/v1/Notifications/Stream`, {
    headers: {
      companycode: 'songkhoe',
      'x-accept-language': 'vi',
      unique: DEVICE,
      authorization: `Bearer ${token}`,
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  let ready!: () => void;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  const parser = createParser({
    onEvent(event) {
      if (event.event === 'ready') ready();
      if (event.event === 'notification') arrivals.push({ data: JSON.parse(event.data), at: Date.now() });
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      parser.feed(value!);
    }
  })();
  await opened;
  return { arrivals, close: () => controller.abort() };
}

async function arrivedWithin(arrivals: Arrival[], match: (a: Arrival) => boolean, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = arrivals.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no matching notification within ${ms} ms: ${JSON.stringify(arrivals.map((x) => x.data))}`);
}

describe('live notifications across server processes', () => {
  it('a notification created by a request on process B reaches the stream held by process A within 2 s', async () => {
    // The demo patient waits for a place on a full day; a cancellation through B frees it, and the
    // waitlist tells them in-app (written in B's cancellation transaction).
    const [booker, waiter] = await Promise.all([
      addPatient(a(), token, 'Live Booker'),
      addPatient(b(), token, 'Live Waiter'),
    ]);
    const [slot] = await freeSlots(a(), booker, 1);
    const booked = await book(b(), token, slot!, randomUUID());
    expect(booked.status).toBe(200);
    const { rows } = await world.db.query(
      `SELECT (starts_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date::text AS day FROM doctor_slots WHERE slot_id = $1`,
      [slot!.slotId],
    );
    const localDate = rows[0].day as string;
    // The rest of that doctor's day is taken.
    await world.db.query(
      `UPDATE doctor_slots SET booked_count = capacity
       WHERE doctor_id = $1 AND (starts_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = $2::date AND slot_id <> $3`,
      [slot!.doctorId, localDate, slot!.slotId],
    );
    const joined = await call(
      a(),
      'POST',
      '/Appointments/JoinWaitlist',
      { doctorId: slot!.doctorId, localDate, patientId: waiter, serviceTypeId: 0 },
      { token },
    );
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);

    const stream = await openStream(a());
    const sent = Date.now();
    const cancelled = await call(
      b(),
      'POST',
      '/Appointments/CancelAppintment',
      { appointmentId: booked.json.data.appointmentId, reason: 'Đổi lịch', remark: 'Kiểm thử' },
      { token },
    );
    expect(cancelled.status).toBe(200);
    const arrival = await arrivedWithin(
      stream.arrivals,
      (x) => x.data.typeNotify === 'WaitlistSlotFree',
      2000,
    );
    expect(arrival.at - sent).toBeLessThan(2000);
    console.log(
      `B's cancellation -> A's stream: ${arrival.at - sent} ms (including the cancellation request)`,
    );
    stream.close();
  });

  it('a notification written outside any server (an operator session) reaches streams on both processes', async () => {
    const [onA, onB] = await Promise.all([openStream(a()), openStream(b())]);
    const sent = Date.now();
    const { rows } = await world.db.query(
      `INSERT INTO notifications (tenant_id, user_id, type, title_vi, title_en, body_vi, body_en, keys_and_values)
       VALUES ('songkhoe', $1, 'AppointmentReminder', 'Nhắc lịch', 'Reminder', 'Sắp đến giờ hẹn', 'Soon', '{"TypeNotify":"AppointmentReminder"}')
       RETURNING notification_id`,
      [userId],
    );
    const id = Number(rows[0].notification_id);
    const [atA, atB] = await Promise.all([
      arrivedWithin(onA.arrivals, (x) => x.data.notificationId === id, 2000),
      arrivedWithin(onB.arrivals, (x) => x.data.notificationId === id, 2000),
    ]);
    expect(atA.data.title).toBe('Nhắc lịch');
    // However many streams and channels (change bus, search index, keyring, calls, notifications),
    // each process holds one listening session: the connection budget does not grow with them.
    const extra = await Promise.all([openStream(a()), openStream(a()), openStream(b())]);
    const sessions = await world.db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND (query LIKE 'LISTEN %' OR query LIKE 'UNLISTEN %')`,
    );
    expect(sessions.rows[0].n).toBe(2);
    for (const stream of extra) stream.close();
    console.log(`direct insert -> streams: A ${atA.at - sent} ms, B ${atB.at - sent} ms`);
    onA.close();
    onB.close();
  });
});
