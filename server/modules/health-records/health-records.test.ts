import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { asOwner, createPatientUser } from '../appointments/care-fixtures';
import { setBookingNow } from '../appointments/index';
import {
  accessLog,
  clientOf,
  consentingUser,
  createHealthApp,
  createRecord,
  PDF,
  PNG,
  upload,
  type Client,
} from './test-fixtures';

/**
 * The health records endpoints on a real database with uploads through the real storage flow:
 * create (validation keys, consent, files refused), list with filters and paging, read, stream,
 * delete a file or a record (files erased from storage), and the access log of every read.
 */

let t: TestApp & { dataDir: string };
let c: Client;
let familyId: number;

beforeAll(async () => {
  t = await createHealthApp();
  c = await consentingUser(t, 'songkhoe', 'records@example.com');
  familyId = await asOwner(t.db, 'songkhoe', async (sql) => {
    const { rows } = await sql.query<{ patient_id: number }>(
      `INSERT INTO patients (user_id, full_name, gender, date_of_birth) VALUES ($1, 'Trần Thị Bình', 'F', '2015-05-05')
       RETURNING patient_id`,
      [c.user.userId],
    );
    return rows[0]!.patient_id;
  });
}, 300_000); // a loaded machine (parallel suites on PGlite) can take minutes to start the app
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const storedPath = (key: string) => path.join(t.dataDir, 'uploads', 'songkhoe', key);
const keyOf = async (fileId: number) =>
  asOwner(t.db, 'songkhoe', async (sql) => {
    const { rows } = await sql.query<{ file_key: string }>(
      'SELECT file_key FROM health_record_files WHERE file_id = $1',
      [fileId],
    );
    return rows[0]?.file_key;
  });

describe('create', () => {
  it('stores a record of a family member with a PDF and a photo, readable with its files', async () => {
    const pdf = await upload(t, c, { type: 'application/pdf', name: 'kết quả.pdf', bytes: PDF });
    const photo = await upload(t, c, { name: 'ảnh.png' });
    const res = await createRecord(t, c, { patientId: familyId, urls: [pdf, photo], healthRecordType: 2 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const record = res.json.data;
    expect(record).toMatchObject({
      userId: c.user.userId,
      patientId: familyId,
      patientName: 'Trần Thị Bình',
      recordName: 'Blood test',
      remark: 'Fasting',
      healthRecordType: 2,
    });
    expect(
      record.files.map((f: { fileName: string; contentType: string }) => [f.fileName, f.contentType]),
    ).toEqual([
      ['kết quả.pdf', 'application/pdf'],
      ['ảnh.png', 'image/png'],
    ]);
    const one = await c.get(`Users/GetUserHealthRecord/${c.user.userId}/${record.healthRecordId}`);
    expect(one.status).toBe(200);
    expect(one.json.data).toEqual(record);
  });

  it('answers the validation keys of missing fields (spec section 5), storing nothing', async () => {
    const res = await c.post('Users/CreateUserHealthRecord', {
      patientId: c.user.patientId,
      recordName: ' ',
      remark: '',
      healthRecordType: 7,
      files: [],
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        'record_name_required',
        'remark_required',
        'invalid_health_record_type',
        'health_record_file_required',
      ]),
    );
  });

  it('refuses a patient who is not the caller’s (404) and a foreign userId (404)', async () => {
    const stranger = await createPatientUser(t.app, t.db, 'songkhoe', 'stranger@example.com');
    expect((await createRecord(t, c, { patientId: stranger.patientId })).status).toBe(404);
    const url = await upload(t, c);
    const res = await c.post('Users/CreateUserHealthRecord', {
      userId: stranger.userId,
      patientId: c.user.patientId,
      recordName: 'x',
      remark: 'y',
      healthRecordType: 0,
      files: [{ fileHttpUrl: url }],
    });
    expect(res.status).toBe(404);
  });

  it('needs consent to the tenant’s health-data text (403 consent_required)', async () => {
    const user = await createPatientUser(t.app, t.db, 'songkhoe', 'no-consent@example.com');
    const res = await createRecord(t, clientOf(t, 'songkhoe', user));
    expect(res.status).toBe(403);
    expect(res.json.codeMessageRespond).toBe('consent_required');
  });

  it('refuses bad files with the spec’s keys and stores nothing (all or nothing)', async () => {
    const before = await c.get(`Users/GetUserHealthRecords/${c.user.userId}`);
    // Wrong type by the bytes: the upload itself is refused, so the URL is never valid.
    const fake = await upload(t, c, {
      type: 'image/png',
      name: 'x.png',
      bytes: Buffer.from('MZ not a png at all'),
    });
    expect(fake).toMatch(/^refused:400/);
    const big = await upload(t, c, { bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
    expect(big).toMatch(/^refused:4/);

    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(() => upload(t, c)));
    const tooMany = await createRecord(t, c, { urls: six });
    expect([tooMany.status, tooMany.json.errors]).toEqual([400, ['too_many_files']]);

    const other = await consentingUser(t, 'songkhoe', 'other-uploader@example.com');
    const theirs = await upload(t, other);
    const mine = await upload(t, c);
    const foreign = await createRecord(t, c, { urls: [mine, theirs] });
    expect([foreign.status, foreign.json.errors]).toEqual([400, ['upload_url_invalid']]);
    // Nothing was claimed: my upload still makes a record once, and only once.
    expect((await createRecord(t, c, { urls: [mine] })).status).toBe(200);
    const twice = await createRecord(t, c, { urls: [mine] });
    expect([twice.status, twice.json.errors]).toEqual([400, ['upload_url_invalid']]);

    const wrongFolder = await upload(t, c, { folder: 'Attachments' });
    const res = await createRecord(t, c, { urls: [wrongFolder] });
    expect([res.status, res.json.errors]).toEqual([400, ['upload_url_invalid']]);

    const after = await c.get(`Users/GetUserHealthRecords/${c.user.userId}`);
    expect(after.json.data.pagination.totalRecords).toBe(before.json.data.pagination.totalRecords + 1);
  });
});

describe('list', () => {
  let lister: Client;
  beforeAll(async () => {
    lister = await consentingUser(t, 'songkhoe', 'lister@example.com');
    for (let i = 0; i < 17; i++) {
      expect((await createRecord(t, lister, { recordName: `R${i}`, healthRecordType: i % 4 })).status).toBe(
        200,
      );
    }
    // Move two records back in time: one last year, one at the start of this month.
    await asOwner(t.db, 'songkhoe', (sql) =>
      sql.query(
        `UPDATE health_records SET created_at = CASE record_name WHEN 'R0' THEN now() - interval '400 days'
                ELSE created_at END WHERE user_id = $1`,
        [lister.user.userId],
      ),
    );
  });

  it('pages newest first, 15 by default, with the spec’s pagination', async () => {
    const first = await lister.get(`Users/GetUserHealthRecords/${lister.user.userId}`);
    expect(first.status).toBe(200);
    expect(first.json.data.pagination).toEqual({ pageNumber: 1, pageSize: 15, totalRecords: 17 });
    expect(first.json.data.userHealthRecords).toHaveLength(15);
    expect(first.json.data.userHealthRecords[0].recordName).toBe('R16');
    const second = await lister.get(`Users/GetUserHealthRecords/${lister.user.userId}?PageNumber=2`);
    expect(second.json.data.userHealthRecords.map((r: { recordName: string }) => r.recordName)).toEqual([
      'R1',
      'R0',
    ]);
  });

  it('filters by type, patient and duration', async () => {
    const reports = await lister.get(
      `Users/GetUserHealthRecords/${lister.user.userId}?HealthRecordType=1&PageSize=50`,
    );
    const names = reports.json.data.userHealthRecords.map((r: { recordName: string }) => r.recordName);
    expect(names).toEqual(['R13', 'R9', 'R5', 'R1']);
    const year = await lister.get(
      `Users/GetUserHealthRecords/${lister.user.userId}?duration=this_year&PageSize=50`,
    );
    expect(year.json.data.pagination.totalRecords).toBe(16);
    const none = await lister.get(`Users/GetUserHealthRecords/${lister.user.userId}?patientId=${familyId}`);
    expect(none.json.data.pagination.totalRecords).toBe(0);
    const bad = await lister.get(`Users/GetUserHealthRecords/${lister.user.userId}?duration=forever`);
    expect([bad.status, bad.json.errors]).toEqual([400, ['invalid_duration']]);
  });
});

describe('files and deletion', () => {
  it('the app CSP lets the web app show a fetched file from a blob URL (img, frame), never as an object', async () => {
    const res = await c.get(`Users/GetUserHealthRecords/${c.user.userId}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*blob:/);
    expect(csp).toMatch(/frame-src 'self' blob:/);
    expect(csp).toContain("object-src 'none'");
  });

  it('streams a file inline or as a download, with safe headers', async () => {
    const res = await createRecord(t, c, {
      urls: [await upload(t, c, { type: 'application/pdf', name: 'a"b\r\n.pdf', bytes: PDF })],
    });
    const file = res.json.data.files[0];
    const inline = await c.get(`Users/ViewFileHeathRecord?id=${file.fileId}`);
    expect(inline.status).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline; filename="ab.pdf"/);
    expect(inline.body.equals(PDF)).toBe(true);
    const download = await c.get(`Users/ViewFileHeathRecord?id=${file.fileId}&download=true`);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('deletes a file (erased from storage), refuses the last one, deletes a record with its files', async () => {
    const res = await createRecord(t, c, {
      urls: [await upload(t, c), await upload(t, c, { type: 'application/pdf', bytes: PDF })],
    });
    const record = res.json.data;
    const [a, b] = record.files as { fileId: number }[];
    const keyA = (await keyOf(a!.fileId))!;
    const keyB = (await keyOf(b!.fileId))!;
    expect(existsSync(storedPath(keyA))).toBe(true);

    const del = await c.del(`Users/DeleteUserHealthRecordFile?id=${a!.fileId}`);
    expect(del.status).toBe(200);
    expect(del.json.data.files.map((f: { fileId: number }) => f.fileId)).toEqual([b!.fileId]);
    expect(existsSync(storedPath(keyA))).toBe(false);
    expect((await c.get(`Users/ViewFileHeathRecord?id=${a!.fileId}`)).status).toBe(404);

    const last = await c.del(`Users/DeleteUserHealthRecordFile?id=${b!.fileId}`);
    expect([last.status, last.json.codeMessageRespond]).toEqual([409, 'health_record_last_file']);
    expect(existsSync(storedPath(keyB))).toBe(true);

    const gone = await c.del(`Users/DeleteUserHealthRecord?id=${record.healthRecordId}`);
    expect(gone.status).toBe(200);
    expect(existsSync(storedPath(keyB))).toBe(false);
    expect((await c.get(`Users/GetUserHealthRecord/${c.user.userId}/${record.healthRecordId}`)).status).toBe(
      404,
    );
    expect((await c.del(`Users/DeleteUserHealthRecord?id=${record.healthRecordId}`)).status).toBe(404);
  });
});

describe('access log', () => {
  it('writes a self row, named by the record title, for every read of a record and a file; none for the list or refusals', async () => {
    const reader = await consentingUser(t, 'songkhoe', 'reader@example.com');
    const record = (await createRecord(t, reader)).json.data;
    const fileId = record.files[0].fileId;
    await reader.get(`Users/GetUserHealthRecords/${reader.user.userId}`);
    await reader.get(`Users/GetUserHealthRecord/${reader.user.userId}/${record.healthRecordId}`);
    await reader.get(`Users/ViewFileHeathRecord?id=${fileId}`);
    await reader.get(`Users/ViewFileHeathRecord?id=${fileId}&download=true`);
    await reader.get(`Users/GetUserHealthRecord/${reader.user.userId}/999999`);
    const rows = await accessLog(t.db, 'songkhoe', reader.user.userId);
    expect(
      rows.map((r) => [r.actor_kind, r.action, r.resource_kind, r.resource_id, r.resource_label]),
    ).toEqual([
      ['self', 'view', 'health_record', record.healthRecordId, 'Blood test'],
      ['self', 'view', 'health_record_file', fileId, 'Blood test'],
      ['self', 'download', 'health_record_file', fileId, 'Blood test'],
    ]);
    expect(rows.every((r) => r.patient_id === null || r.patient_id === reader.user.patientId)).toBe(true);
  });
});
