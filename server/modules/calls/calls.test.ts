import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, onTenant, PASSWORD } from '../accounts/test-support';
import {
  addAppointment,
  asOwner,
  createCatalogue,
  createPatientUser,
  type Catalogue,
  type TestUser,
} from '../appointments/care-fixtures';

const MINUTE = 60_000;
let t: TestApp;
let cat: Catalogue;
let patient: TestUser;
let stranger: TestUser;
let foreigner: TestUser;
let doctorToken: string;
let otherDoctorToken: string;
let video: number;
let later: number;
let visit: number;
let base: string;

/** A doctor's account (users.role 'doctor') signed in. */
async function doctorAccount(tenant: string, doctorId: number, email: string): Promise<string> {
  const userId = await createUser(t.db, tenant, { email });
  await asOwner(t.db, tenant, (sql) =>
    sql.query(`UPDATE users SET role = 'doctor', doctor_id = $2 WHERE user_id = $1`, [userId, doctorId]),
  );
  const login = await caller(t.app, tenant).post('Auth/Login', { userName: email, password: PASSWORD });
  return login.json.data.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  cat = await createCatalogue(t.db, 'songkhoe', 3);
  await createCatalogue(t.db, 'songhong', 1);
  patient = await createPatientUser(t.app, t.db, 'songkhoe', 'call-patient@example.com');
  stranger = await createPatientUser(t.app, t.db, 'songkhoe', 'call-stranger@example.com');
  foreigner = await createPatientUser(t.app, t.db, 'songhong', 'call-foreigner@example.com');
  doctorToken = await doctorAccount('songkhoe', cat.doctorIds[0]!, 'call-doctor@example.com');
  otherDoctorToken = await doctorAccount('songkhoe', cat.doctorIds[1]!, 'call-doctor2@example.com');
  const now = Date.now();
  const videoFields = {
    doctorId: cat.doctorIds[0]!,
    serviceTypeId: 1,
    status: 4,
    paymentStatus: 2,
    price: 250_000,
  };
  video = await addAppointment(t.db, 'songkhoe', patient, {
    ...videoFields,
    startsAt: new Date(now - 5 * MINUTE),
  });
  later = await addAppointment(t.db, 'songkhoe', patient, {
    ...videoFields,
    doctorId: cat.doctorIds[1]!,
    startsAt: new Date(now + 120 * MINUTE),
  });
  visit = await addAppointment(t.db, 'songkhoe', patient, {
    doctorId: cat.doctorIds[2]!,
    hospitalId: cat.hospitalId,
    startsAt: new Date(now - 5 * MINUTE),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await t?.close();
});

const api = (token: string, tenant = 'songkhoe') => ({
  post: (path: string, body: unknown) => caller(t.app, tenant).post(path, body, { token }),
  get: (path: string) => caller(t.app, tenant).get(path, { token }),
});

/** A signalling stream over real HTTP, collecting the other side's messages. */
function openStream(token: string, appointmentId: number) {
  const received: unknown[] = [];
  const controller = new AbortController();
  const opened = (async () => {
    const response = await fetch(`${base}/Calls/Stream?appointmentId=${appointmentId}`, {
      headers: { authorization: `Bearer ${token}`, companycode: 'songkhoe', unique: DEVICE_A },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const parser = createParser({
      onEvent: (event) => {
        if (event.event === 'signal') received.push(JSON.parse(event.data));
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
  })();
  return { received, opened, close: () => controller.abort() };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('video call: who may join and when', () => {
  it('answers the patient and the doctor what their browser needs (embedded WebRTC), each in its role', async () => {
    const asPatient = await api(patient.token).post('Appointments/GetZoomCallAuthToken', {
      appointmentId: video,
    });
    expect(asPatient.status).toBe(200);
    expect(asPatient.json.data).toMatchObject({
      provider: 'webrtc',
      role: 'patient',
      appointmentId: video,
      iceServers: [],
      // A booked consultation is not cut off at its end (a direct call is).
      hangUpAt: null,
    });
    const asDoctor = await api(doctorToken).post('Appointments/GetZoomCallAuthToken', {
      appointmentId: video,
    });
    expect(asDoctor.json.data).toMatchObject({ provider: 'webrtc', role: 'doctor' });
    // One unguessable session per appointment, the same for both sides.
    expect(asDoctor.json.data.sessionName).toBe(asPatient.json.data.sessionName);
    expect(asPatient.json.data.sessionName).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('tells everyone else the appointment does not exist: another patient, another doctor, another tenant', async () => {
    for (const token of [stranger.token, otherDoctorToken]) {
      const reply = await api(token).post('Appointments/GetZoomCallAuthToken', { appointmentId: video });
      expect(reply.status).toBe(404);
      expect(reply.json.codeMessageRespond).toBe('appointment_error');
      const signal = await api(token).post('Calls/Signal', {
        appointmentId: video,
        signal: { kind: 'hello' },
      });
      expect(signal.status).toBe(404);
      expect((await api(token).get(`Calls/Summary?appointmentId=${video}`)).status).toBe(404);
    }
    const foreign = await api(foreigner.token, 'songhong').post('Appointments/GetZoomCallAuthToken', {
      appointmentId: video,
    });
    expect(foreign.status).toBe(404);
    const anonymous = await caller(t.app, 'songkhoe').post('Appointments/GetZoomCallAuthToken', {
      appointmentId: video,
    });
    expect(anonymous.status).toBe(401);
  });

  it('opens only in the CheckTimeAppointment window, and only for video appointments', async () => {
    const early = await api(patient.token).post('Appointments/GetZoomCallAuthToken', {
      appointmentId: later,
    });
    expect(early.status).toBe(409);
    expect(early.json.codeMessageRespond).toBe('not_yet_scheduled');
    const stream = await api(patient.token).get(`Calls/Stream?appointmentId=${later}`);
    expect(stream.status).toBe(409);
    const hospital = await api(patient.token).post('Appointments/GetZoomCallAuthToken', {
      appointmentId: visit,
    });
    expect(hospital.status).toBe(404);
  });

  it('refuses malformed signals with a clear error and stores nothing', async () => {
    const bad = await api(patient.token).post('Calls/Signal', {
      appointmentId: video,
      signal: { kind: 'offer', sdp: 'x'.repeat(40_000) },
    });
    expect(bad.status).toBe(400);
    const unknown = await api(patient.token).post('Calls/Signal', {
      appointmentId: video,
      signal: { kind: 'exec' },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('video call: signalling between the two browsers', () => {
  it("relays each side's messages to the other only, in order, and says when a side leaves", async () => {
    const doctor = openStream(doctorToken, video);
    await doctor.opened;
    const sent = await api(patient.token).post('Calls/Signal', {
      appointmentId: video,
      signal: { kind: 'hello' },
    });
    expect(sent.status).toBe(200);
    await until(() => doctor.received.length === 1);
    expect(doctor.received).toEqual([{ kind: 'hello' }]);
    // The doctor entering the room told the patient the call is open (in-app now; push and SMS
    // through the message pipeline), once however often the doctor reconnects.
    const open = await onTenant<{ type: string }>(
      t.db,
      'songkhoe',
      'SELECT type FROM notifications WHERE event_key = $1',
      [`call-open:${video}`],
    );
    expect(open).toEqual([{ type: 'VideoCallOpen' }]);

    const patientStream = openStream(patient.token, video);
    await patientStream.opened;
    const summary = await api(patient.token).get(`Calls/Summary?appointmentId=${video}`);
    expect(summary.json.data).toMatchObject({ role: 'patient', doctorPresent: true, patientPresent: true });

    const offer = { kind: 'offer', generation: 1, sdp: 'v=0\r\n' };
    const candidate = {
      kind: 'candidate',
      generation: 1,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    };
    await api(doctorToken).post('Calls/Signal', { appointmentId: video, signal: offer });
    await api(doctorToken).post('Calls/Signal', { appointmentId: video, signal: candidate });
    await until(() => patientStream.received.length === 2);
    expect(patientStream.received).toEqual([offer, candidate]);
    // The doctor never hears its own messages.
    expect(doctor.received).toEqual([{ kind: 'hello' }]);

    patientStream.close();
    await until(() => doctor.received.length === 2);
    expect(doctor.received[1]).toEqual({ kind: 'left' });
    doctor.close();
    await until(() => false, 200).catch(() => undefined);
    const after = await api(doctorToken).get(`Calls/Summary?appointmentId=${video}`);
    expect(after.json.data).toMatchObject({ role: 'doctor', doctorPresent: false, patientPresent: false });
    expect(after.json.data.events.map((e: { role: string; kind: string }) => `${e.role}:${e.kind}`)).toEqual(
      expect.arrayContaining(['doctor:joined', 'patient:joined', 'patient:left', 'doctor:left']),
    );
  });

  it("keeps a call's messages to its tenant (row-level security)", async () => {
    const mine = await onTenant<{ n: string }>(t.db, 'songkhoe', 'SELECT count(*) AS n FROM call_signals');
    expect(Number(mine[0]!.n)).toBeGreaterThan(0);
    for (const table of ['call_signals', 'call_sessions', 'call_events']) {
      const theirs = await onTenant<{ n: string }>(t.db, 'songhong', `SELECT count(*) AS n FROM ${table}`);
      expect(Number(theirs[0]!.n)).toBe(0);
    }
  });
});
