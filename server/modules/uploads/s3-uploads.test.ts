import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { claimUploads, incomingKey, type UploadFolder } from '../../services/storage/index';
import { startTestS3, type TestS3 } from '../../services/storage/s3-test-server';
import {
  addAppointment,
  createCatalogue,
  createPatientUser,
  type TestUser,
} from '../appointments/care-fixtures';
import { caller } from '../accounts/test-support';

/**
 * The upload flow with the s3 driver, end to end: GetUploadUrls gives a presigned S3 PUT, the
 * bytes go over real HTTP to a real SigV4-checking S3 server (s3rver on loopback), and the app
 * checks them on first use (public file read or claimUploads): good files are kept, a PDF
 * declared as an image, a fake PDF or an oversized file is refused with the spec's message and
 * its object deleted.
 */

let s3: TestS3;
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: s3.env });
  user = await createPatientUser(t.app, t.db, 'songkhoe', 's3-uploads@example.com');
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const TEXT = Buffer.from('Xin chào: just a text file named .pdf\n');

async function grant(folder: UploadFolder, fileType: string, token?: string) {
  const res = await caller(t.app, 'songkhoe').post(
    'Storages/GetUploadUrls',
    { files: [{ fileType, fileName: 'tệp "x".pdf', folderName: folder }] },
    { token },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.fileUploads[0] as { uploadUrl: string; fileHttpUrl: string };
}

const send = (url: string, bytes: Buffer, type: string) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': type } });
const keyOf = (fileHttpUrl: string) => new URL(fileHttpUrl).pathname.split('/').slice(-2).join('/');
const read = (fileHttpUrl: string) =>
  t.app.inject({ method: 'GET', url: new URL(fileHttpUrl).pathname, headers: { host: '127.0.0.1:8080' } });
const uploadRow = (key: string) =>
  t.db.tenant('songkhoe', async (sql) => {
    const { rows } = await sql.query<{
      content_type: string | null;
      size_bytes: number | null;
      done: boolean;
    }>('SELECT content_type, size_bytes, uploaded_at IS NOT NULL AS done FROM uploads WHERE file_key = $1', [
      key,
    ]);
    return rows[0];
  });

describe('uploads with the s3 driver', () => {
  it('the CSP lets the browser reach the S3 origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
  });

  it('gives a presigned S3 PUT (type signed) and serves the file once its bytes check out', async () => {
    const { uploadUrl, fileHttpUrl } = await grant('License', 'application/pdf');
    expect(uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/songkhoe/incoming/License/`)).toBe(true);
    expect(uploadUrl).toMatch(/X-Amz-Expires=900/);
    expect((await send(uploadUrl, PDF, 'image/png')).status).toBe(403);
    expect((await send(uploadUrl.replace('/songkhoe/', '/songhong/'), PDF, 'application/pdf')).status).toBe(
      403,
    );
    expect((await send(uploadUrl, PDF, 'application/pdf')).status).toBe(200);
    expect((await uploadRow(keyOf(fileHttpUrl)))?.done).toBe(false);

    const res = await read(fileHttpUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(await uploadRow(keyOf(fileHttpUrl))).toEqual({
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      done: true,
    });
    // The checked bytes live at the file key; a second PUT to the still-valid URL changes nothing.
    expect(await s3.storage.get('songkhoe', incomingKey(keyOf(fileHttpUrl)))).toBeNull();
    expect((await send(uploadUrl, TEXT, 'application/pdf')).status).toBe(200);
    expect((await read(fileHttpUrl)).rawPayload).toEqual(PDF);
  });

  it('a fake PDF, a PDF declared as an image or an oversized file: the spec’s message, nothing kept', async () => {
    const cases: [UploadFolder, string, Buffer, string][] = [
      ['License', 'application/pdf', TEXT, 'invalid_file_type'],
      ['License', 'image/png', PDF, 'invalid_file_type'],
      ['DoctorPicture', 'image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'file_too_large'],
    ];
    for (const [folder, type, bytes, error] of cases) {
      const { uploadUrl, fileHttpUrl } = await grant(folder, type);
      expect((await send(uploadUrl, bytes, type)).status).toBe(200);
      const res = await read(fileHttpUrl);
      expect(res.statusCode, `${folder} ${type}`).toBe(400);
      expect(res.json().errors).toEqual([error]);
      const key = keyOf(fileHttpUrl);
      expect(await s3.storage.get('songkhoe', incomingKey(key))).toBeNull();
      expect(await s3.storage.get('songkhoe', key)).toBeNull();
      expect((await uploadRow(key))?.done).toBe(false);
      expect((await read(fileHttpUrl)).statusCode).toBe(404);
    }
  });

  it('a private upload is checked when its owner links it (claimUploads); a foreign user cannot', async () => {
    const good = await grant('HealthRecords', 'image/png', user.token);
    const fake = await grant('HealthRecords', 'application/pdf', user.token);
    expect((await send(good.uploadUrl, PNG, 'image/png')).status).toBe(200);
    expect((await send(fake.uploadUrl, TEXT, 'application/pdf')).status).toBe(200);
    // Private folders are never served at the public URL.
    expect((await read(good.fileHttpUrl)).statusCode).toBe(400);
    const claim = (fileUrls: string[], userId = user.userId) =>
      t.db.tenant('songkhoe', (sql) =>
        claimUploads(sql, s3.storage, {
          fileUrls,
          folder: 'HealthRecords',
          userId,
          tenant: 'songkhoe',
          maxFiles: 5,
        }),
      );
    expect(await claim(Array(6).fill(good.fileHttpUrl))).toEqual({ error: 'too_many_files' });
    expect(await claim([good.fileHttpUrl], user.userId + 1000)).toEqual({ error: 'upload_url_invalid' });
    expect(await claim([fake.fileHttpUrl])).toEqual({ error: 'invalid_file_type' });
    expect(await s3.storage.get('songkhoe', incomingKey(keyOf(fake.fileHttpUrl)))).toBeNull();
    expect(await claim([good.fileHttpUrl])).toEqual([
      {
        fileKey: keyOf(good.fileHttpUrl),
        fileName: 'tệp "x".pdf',
        contentType: 'image/png',
        sizeBytes: PNG.length,
      },
    ]);
    expect((await s3.storage.get('songkhoe', keyOf(good.fileHttpUrl)))?.bytes).toEqual(PNG);
    expect(await claim([good.fileHttpUrl])).toEqual({ error: 'upload_url_invalid' });
  });

  it('appointment attachments: checked when linked, a fake PDF refused', async () => {
    const { doctorIds } = await createCatalogue(t.db, 'songkhoe', 1);
    const appointmentId = await addAppointment(t.db, 'songkhoe', user, {
      doctorId: doctorIds[0]!,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    const attach = async (bytes: Buffer, type: string) => {
      const { uploadUrl, fileHttpUrl } = await grant('Attachments', type, user.token);
      expect((await send(uploadUrl, bytes, type)).status).toBe(200);
      return caller(t.app, 'songkhoe').post(
        'Appointments/AddAttachments',
        { appointmentId, files: [{ fileHttpUrl }] },
        { token: user.token },
      );
    };
    const fake = await attach(TEXT, 'application/pdf');
    expect(fake.status).toBe(400);
    expect(fake.json.errors).toEqual(['invalid_file_type']);
    const good = await attach(PDF, 'application/pdf');
    expect(good.status, JSON.stringify(good.json)).toBe(200);
    expect(good.json.data).toHaveLength(1);
    const file = await t.app.inject({
      url: new URL(good.json.data[0].fileHttpUrl).pathname,
      headers: { ...tenantHeaders('songkhoe'), authorization: `Bearer ${user.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PDF);
  });

  it('join-request documents: checked when the request names them', async () => {
    const upload = async (bytes: Buffer, type: string, folder: UploadFolder) => {
      const { uploadUrl, fileHttpUrl } = await grant(folder, type);
      expect((await send(uploadUrl, bytes, type)).status).toBe(200);
      return fileHttpUrl;
    };
    const form = async (picture: Buffer) => ({
      fullName: 'Quách Minh Khôi',
      userName: `khoi${picture.length}`,
      email: `khoi${picture.length}@example.vn`,
      mobileNumber: '0912345678',
      gender: 'M',
      licenseNumber: 'CCHN-12345',
      license: await upload(PDF, 'application/pdf', 'License'),
      picture: await upload(picture, 'image/png', 'DoctorPicture'),
      biography: 'Bác sĩ nội khoa với mười năm kinh nghiệm tại Hà Nội.',
      languages: [2],
      experienceYears: 10,
    });
    const create = async (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/Doctors/CreateDoctor',
        headers: tenantHeaders('songkhoe'),
        payload: body,
      });
    const refused = await create(await form(PDF));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveLength(1);
    const accepted = await create(await form(PNG));
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
