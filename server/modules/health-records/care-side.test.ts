import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { runHealthRecords } from '../../admin/commands/health-records';
import { createStorage } from '../../services/storage/index';
import { addAppointment, asOwner, createCatalogue } from '../appointments/care-fixtures';
import { healthRecordsSection } from './index';
import {
  accessLog,
  consentingUser,
  createHealthApp,
  createRecord,
  PDF,
  PNG,
  upload,
  type Client,
} from './test-fixtures';

/**
 * The care side through the operator command: only the records shared with an appointment are
 * visible through it, every read is logged as the appointment's doctor, results are sniffed and
 * size-checked and reach the patient. Also the personal-data section (export, erase).
 */

let t: TestApp & { dataDir: string };
let patient: Client;
let appointmentId: number;
let otherAppointment: number;
let shared: { healthRecordId: number; files: { fileId: number }[] };
let private_: { healthRecordId: number; files: { fileId: number }[] };
const dir = mkdtempSync(path.join(tmpdir(), 'care-side-'));

const run = async (...args: string[]) => {
  const lines: string[] = [];
  const code = await runHealthRecords({
    db: t.db,
    registry: t.registry,
    storage: createStorage({ dataDir: t.dataDir }),
    args,
    print: (l) => lines.push(l),
  });
  return { code, out: lines.join('\n') };
};

beforeAll(async () => {
  t = await createHealthApp();
  patient = await consentingUser(t, 'songkhoe', 'care@example.com');
  const pdf = await upload(t, patient, { type: 'application/pdf', name: 'shared.pdf', bytes: PDF });
  shared = (await createRecord(t, patient, { recordName: 'Shared echo', urls: [pdf] })).json.data;
  private_ = (await createRecord(t, patient, { recordName: 'Private note' })).json.data;
  const cat = await createCatalogue(t.db, 'songkhoe', 2);
  const startsAt = new Date(Date.now() + 86_400_000);
  appointmentId = await addAppointment(t.db, 'songkhoe', patient.user, {
    doctorId: cat.doctorIds[0]!,
    startsAt,
  });
  otherAppointment = await addAppointment(t.db, 'songkhoe', patient.user, {
    doctorId: cat.doctorIds[1]!,
    startsAt: new Date(startsAt.getTime() + 86_400_000),
  });
  await asOwner(t.db, 'songkhoe', (sql) =>
    sql.query('INSERT INTO appointment_health_records (appointment_id, health_record_id) VALUES ($1, $2)', [
      appointmentId,
      shared.healthRecordId,
    ]),
  );
}, 300_000); // a loaded machine (parallel suites on PGlite) can take minutes to start the app
afterAll(() => t?.close());

describe('health-records shared / export-shared', () => {
  it('lists only the records shared with the appointment and logs the doctor', async () => {
    const before = (await accessLog(t.db, 'songkhoe', patient.user.userId)).length;
    const { code, out } = await run('shared', 'songkhoe', String(appointmentId));
    expect(code).toBe(0);
    expect(out).toContain('Shared echo');
    expect(out).toContain(`file ${shared.files[0]!.fileId}`);
    expect(out).not.toContain('Private note');
    expect(out).toContain('Lê Thị Thu 1');
    const rows = (await accessLog(t.db, 'songkhoe', patient.user.userId)).slice(before);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_kind: 'doctor',
        actor_label: 'Lê Thị Thu 1',
        action: 'view',
        resource_kind: 'health_record',
        resource_id: shared.healthRecordId,
        appointment_id: appointmentId,
      }),
    ]);
    // The other appointment shares nothing: nothing visible through it.
    const other = await run('shared', 'songkhoe', String(otherAppointment));
    expect(other.out).toContain('0 shared record(s)');
    expect(other.out).not.toMatch(/Shared echo|Private note/);
  });

  it('writes a shared file, refuses a file not shared with that appointment', async () => {
    const out = path.join(dir, 'shared.pdf');
    const ok = await run(
      'export-shared',
      'songkhoe',
      String(appointmentId),
      String(shared.files[0]!.fileId),
      '--out',
      out,
    );
    expect(ok.code, ok.out).toBe(0);
    expect(readFileSync(out).equals(PDF)).toBe(true);
    const log = await accessLog(t.db, 'songkhoe', patient.user.userId);
    expect(log.at(-1)).toMatchObject({
      actor_kind: 'doctor',
      action: 'download',
      resource_kind: 'health_record_file',
      resource_id: shared.files[0]!.fileId,
      resource_label: 'Shared echo',
      appointment_id: appointmentId,
    });
    const notShared = path.join(dir, 'private.png');
    const refused = await run(
      'export-shared',
      'songkhoe',
      String(appointmentId),
      String(private_.files[0]!.fileId),
      '--out',
      notShared,
    );
    expect(refused.code).toBe(1);
    expect(existsSync(notShared)).toBe(false);
    const elsewhere = await run(
      'export-shared',
      'songkhoe',
      String(otherAppointment),
      String(shared.files[0]!.fileId),
      '--out',
      notShared,
    );
    expect(elsewhere.code).toBe(1);
    expect(existsSync(notShared)).toBe(false);
  });

  it('does not reach an appointment of another tenant, and checks its usage', async () => {
    expect((await run('shared', 'songhong', String(appointmentId))).code).toBe(1);
    expect((await run('shared', 'songkhoe', 'abc')).code).toBe(2);
    expect((await run('shared', 'nowhere', '1')).code).toBe(2);
  });
});

describe('health-records add-result', () => {
  it('stores a sniffed result the patient sees and opens (logged as self)', async () => {
    const file = path.join(dir, 'lab.pdf');
    writeFileSync(file, PDF);
    const added = await run(
      'add-result',
      'songkhoe',
      String(appointmentId),
      '--title',
      'Lab results',
      '--file',
      file,
    );
    expect(added.code, added.out).toBe(0);
    const data = (await patient.get(`Appointments/GetSharedHealthData?appointmentId=${appointmentId}`)).json
      .data;
    expect(data.results).toEqual([
      expect.objectContaining({
        title: 'Lab results',
        fileName: 'lab.pdf',
        contentType: 'application/pdf',
        createdBy: 'Lê Thị Thu 1',
      }),
    ]);
    // The patient is told (in-app now; email and push through the message pipeline).
    const notes = (await patient.get('Notifications/GetAllNotifications')).json.data.notifications;
    expect(notes[0]).toMatchObject({ typeNotify: 'HealthRecordShared', appointmentId });
    expect(notes[0].body).toContain('Lab results');
    const res = await patient.get(`Appointments/ViewFileHeathResult?id=${data.results[0].resultId}`);
    expect(res.status).toBe(200);
    expect(res.body.equals(PDF)).toBe(true);
    const log = await accessLog(t.db, 'songkhoe', patient.user.userId);
    // Opening the appointment's shared data is a list view (not logged); the result's file is.
    expect(log.at(-1)).toMatchObject({
      actor_kind: 'self',
      action: 'view',
      resource_kind: 'health_result',
      resource_label: 'Lab results',
      appointment_id: appointmentId,
    });
    expect(log.filter((r) => r.actor_kind === 'self' && r.action === 'list')).toEqual([]);
  });

  it('refuses a file whose bytes are not JPG/PNG/PDF, or above 2 MB, storing nothing', async () => {
    const fake = path.join(dir, 'fake.pdf');
    writeFileSync(fake, 'MZ this is not a pdf');
    const big = path.join(dir, 'big.png');
    writeFileSync(big, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(
      (await run('add-result', 'songkhoe', String(appointmentId), '--title', 'x', '--file', fake)).code,
    ).toBe(1);
    expect(
      (await run('add-result', 'songkhoe', String(appointmentId), '--title', 'x', '--file', big)).code,
    ).toBe(1);
    expect((await run('add-result', 'songkhoe', String(appointmentId), '--file', big)).code).toBe(2);
    const data = (await patient.get(`Appointments/GetSharedHealthData?appointmentId=${appointmentId}`)).json
      .data;
    expect(data.results).toHaveLength(1);
  });
});

describe('personal-data section', () => {
  it('exports records, files and results, then erases them and returns their keys', async () => {
    const exported = await t.db.tenant('songkhoe', (sql) =>
      healthRecordsSection.export(sql, patient.user.userId),
    );
    const data = exported.data as { records: { recordName: string }[]; results: { title: string }[] };
    expect(data.records.map((r) => r.recordName)).toEqual(['Shared echo', 'Private note']);
    expect(data.results.map((r) => r.title)).toEqual(['Lab results']);
    expect(exported.files).toHaveLength(3);
    expect(
      exported.files.every((f) => /^health-(records|results)\/\d+\/\d+-[A-Za-z0-9._-]+$/.test(f.archivePath)),
    ).toBe(true);

    const keys = await t.db.tenant('songkhoe', (sql) => healthRecordsSection.erase(sql, patient.user.userId));
    expect(keys.sort()).toEqual(exported.files.map((f) => f.fileKey).sort());
    const left = await t.db.tenant('songkhoe', (sql) =>
      healthRecordsSection.export(sql, patient.user.userId),
    );
    expect(left.files).toEqual([]);
  });
});
