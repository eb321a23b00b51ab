import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command as joinRequests } from '../../admin/commands/join-requests';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCaptchaChallenge } from '../../services/captcha/index';
import { legacyKeys } from '../../services/keyring/index';
import { channelsFromEnv, dispatchDueMessages } from '../messages/index';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'discovery-forms-'));
  t = await createTestApp({ seed: true, doctors: 10, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: unknown, tenant = 'songkhoe') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: tenantHeaders(tenant),
    payload: payload as object,
  });
const inTenant = <T>(tenant: string, text: string, params: unknown[] = []) =>
  t.db.tenant(tenant, async (sql) => (await sql.query<T>(text, params)).rows);

/** A solved captcha payload as the ALTCHA widget sends it (easy challenge: counter 3). */
async function solvedCaptcha(tenant = 'songkhoe'): Promise<string> {
  const challenge = await createCaptchaChallenge(
    [{ kid: '0', material: legacyKeys(t.env.jwtSecret).captcha }],
    tenant,
    { counter: 3 },
  );
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);

async function uploadUrls(
  files: { fileType: string; fileName: string; folderName: string }[],
  tenant = 'songkhoe',
) {
  return post('/Storages/GetUploadUrls', { files }, tenant);
}
const put = (url: string, body: Buffer, type: string) =>
  t.app.inject({
    method: 'PUT',
    url: new URL(url).pathname,
    headers: { 'content-type': type },
    payload: body,
  });

/** Uploads one file and returns its public URL. */
async function upload(body: Buffer, fileType: string, folderName: string, tenant = 'songkhoe') {
  const reply = await uploadUrls([{ fileType, fileName: 'f', folderName }], tenant);
  expect(reply.statusCode, reply.body).toBe(200);
  const { uploadUrl, fileHttpUrl } = reply.json().data.fileUploads[0];
  expect((await put(uploadUrl, body, fileType)).statusCode).toBe(200);
  return fileHttpUrl as string;
}

describe('contact us', () => {
  const message = {
    fullName: 'Trần An',
    email: 'an@example.vn',
    phoneCode: '+84',
    mobileNumber: '912345678',
    message: 'Xin chào',
  };

  it('serves a signed challenge and accepts a solved one once, storing and emailing the message', async () => {
    const challenge = await t.app.inject({
      url: '/api/v1/Captcha/GetChallenge',
      headers: tenantHeaders('songkhoe'),
    });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.json().data.parameters.algorithm).toBe('PBKDF2/SHA-256');
    const captcha = await solvedCaptcha();
    const reply = await post('/ContactUsMessages/AddContactUsMessage', { ...message, captcha });
    expect(reply.statusCode, reply.body).toBe(200);
    const replay = await post('/ContactUsMessages/AddContactUsMessage', { ...message, captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors).toEqual(['select_this']);
    // The message pipeline emails it to the site's contact address (the dev outbox records it).
    await dispatchDueMessages(t.db, t.registry.byCode.get('songkhoe')!, channelsFromEnv(t.env));
    const mail = await inTenant<{ body: string }>(
      'songkhoe',
      `SELECT body FROM outbox_messages WHERE recipient = 'lienhe@songkhoe.example'`,
    );
    expect(mail.some((m) => m.body.includes('Xin chào'))).toBe(true);
    expect(await inTenant('songhong', 'SELECT 1 FROM contact_messages')).toHaveLength(0);
    expect(await inTenant('songkhoe', 'SELECT 1 FROM contact_messages')).toHaveLength(1);
  });

  it('refuses a missing, forged or other-tenant captcha with select_this', async () => {
    for (const captcha of [undefined, 'bm90IGEgcGF5bG9hZA==', await solvedCaptcha('songhong')]) {
      const reply = await post('/ContactUsMessages/AddContactUsMessage', { ...message, captcha });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors).toEqual(['select_this']);
    }
    const forged = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
    forged.challenge.parameters.expiresAt += 3600;
    const reply = await post('/ContactUsMessages/AddContactUsMessage', {
      ...message,
      captcha: Buffer.from(JSON.stringify(forged)).toString('base64'),
    });
    expect(reply.json().errors).toEqual(['select_this']);
  });

  it('applies every rule of spec section 5 with its message key', async () => {
    const reply = await post('/ContactUsMessages/AddContactUsMessage', {
      fullName: '   ',
      email: 'nothing',
      mobileNumber: '12345',
      message: ' ',
      captcha: '',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors.sort()).toEqual([
      'must_be_bw_7_to_15',
      'select_this',
      'valid_email',
      'valid_full_name',
      'valid_msg',
    ]);
    const missing = await post('/ContactUsMessages/AddContactUsMessage', {});
    expect(missing.json().errors.sort()).toEqual([
      'must_be_bw_7_to_15',
      'select_this',
      'valid_email',
      'valid_full_name',
      'valid_msg',
    ]);
  });
});

describe('uploads', () => {
  it('stores a PNG once, serves it back with its sniffed type, and refuses a second PUT', async () => {
    const reply = await uploadUrls([
      { fileType: 'image/png', fileName: 'me.png', folderName: 'DoctorPicture' },
    ]);
    const { uploadUrl, fileHttpUrl } = reply.json().data.fileUploads[0];
    expect((await put(uploadUrl, PNG, 'image/png')).statusCode).toBe(200);
    expect((await put(uploadUrl, PNG, 'image/png')).json().codeMessageRespond).toBe('upload_url_invalid');
    const served = await t.app.inject({ url: new URL(fileHttpUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Another tenant's path to the same key finds nothing.
    const elsewhere = new URL(fileHttpUrl).pathname.replace('/songkhoe/', '/songhong/');
    expect((await t.app.inject({ url: elsewhere })).statusCode).toBe(404);
  });

  it('refuses a renamed executable, a PDF where only images go, and oversize files', async () => {
    const [exe] = (
      await uploadUrls([{ fileType: 'image/png', fileName: 'cat.png', folderName: 'DoctorPicture' }])
    ).json().data.fileUploads;
    const refused = await put(exe.uploadUrl, EXE, 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['invalid_file_type']);
    expect((await t.app.inject({ url: new URL(exe.fileHttpUrl).pathname })).statusCode).toBe(404);
    const [img] = (
      await uploadUrls([{ fileType: 'image/png', fileName: 'x.png', folderName: 'HospitalImage' }])
    ).json().data.fileUploads;
    expect((await put(img.uploadUrl, PDF, 'image/png')).json().errors).toEqual(['invalid_file_type']);
    const pdfAsImage = await uploadUrls([
      { fileType: 'application/pdf', fileName: 'a.pdf', folderName: 'DoctorPicture' },
    ]);
    expect(pdfAsImage.json().errors).toEqual(['invalid_file_type']);
    const [big] = (
      await uploadUrls([{ fileType: 'image/png', fileName: 'big.png', folderName: 'License' }])
    ).json().data.fileUploads;
    const tooBig = await put(big.uploadUrl, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(tooBig.json().errors).toEqual(['file_too_large']);
    // PDF-only folders take up to 5 MB.
    const [doc] = (
      await uploadUrls([{ fileType: 'application/pdf', fileName: 'd.pdf', folderName: 'Documents' }])
    ).json().data.fileUploads;
    expect(
      (await put(doc.uploadUrl, Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]), 'application/pdf'))
        .statusCode,
    ).toBe(200);
  });

  it('allows at most 5 files per request', async () => {
    const file = { fileType: 'application/pdf', fileName: 'd.pdf', folderName: 'Documents' };
    const reply = await uploadUrls(Array.from({ length: 6 }, () => file));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors).toEqual(['too_many_files']);
  });
});

describe('join requests', () => {
  const doctorForm = async (tenant = 'songkhoe') => ({
    fullName: 'Quách Minh Khôi',
    userName: 'khoiquach',
    email: 'khoi@example.vn',
    mobileNumber: '0912345678',
    gender: 'M',
    licenseNumber: 'CCHN-12345',
    license: await upload(PDF, 'application/pdf', 'License', tenant),
    picture: await upload(PNG, 'image/png', 'DoctorPicture', tenant),
    biography: 'Bác sĩ nội khoa với mười năm kinh nghiệm tại Hà Nội.',
    languages: [2],
    experienceYears: 10,
  });
  const searchIds = async (text: string) =>
    (
      await t.app.inject({
        url: `/api/v1/GlobalSearches?searchText=${encodeURIComponent(text)}`,
        headers: tenantHeaders('songkhoe'),
      })
    )
      .json()
      .data.filter((r: { typeId: number }) => r.typeId === 0)
      .map((r: { id: number }) => r.id);

  it('stores a doctor request waiting (0); approval through the admin command makes it searchable', async () => {
    const reply = await post('/Doctors/CreateDoctor', await doctorForm());
    expect(reply.statusCode, reply.body).toBe(200);
    const { joinRequestId, approvalStatus } = reply.json().data;
    expect(approvalStatus).toBe(0);
    const [row] = await inTenant<{ doctor_id: number; approval_status: number }>(
      'songkhoe',
      'SELECT j.doctor_id, d.approval_status FROM join_requests j JOIN doctors d USING (doctor_id) WHERE join_request_id = $1',
      [joinRequestId],
    );
    expect(row!.approval_status).toBe(0);
    expect(await searchIds('Quach Minh Khoi')).not.toContain(row!.doctor_id);
    const lines: string[] = [];
    const run = (args: string[]) =>
      joinRequests.run({ db: t.db, registry: t.registry, args, print: (l) => lines.push(l) });
    expect(await run(['list', 'songhong'])).toBe(0);
    expect(lines).toEqual(['no join requests']);
    expect(await run(['approve', 'songhong', String(joinRequestId)])).toBe(1);
    expect(await run(['approve', 'songkhoe', String(joinRequestId)])).toBe(0);
    expect(await searchIds('Quach Minh Khoi')).toContain(row!.doctor_id);
    expect(await run(['approve', 'songkhoe', String(joinRequestId)])).toBe(1);
  });

  it('validates with the form schema: message keys, taken username, foreign or missing uploads', async () => {
    const bad = await post('/Doctors/CreateDoctor', {
      ...(await doctorForm()),
      userName: 'ab',
      mobileNumber: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sort()).toEqual(['must_be_bw_7_to_15', 'username_6_20']);
    const taken = await post('/Doctors/CreateDoctor', { ...(await doctorForm()), userName: 'KHOIQUACH' });
    expect(taken.statusCode).toBe(409);
    const foreign = await post('/Doctors/CreateDoctor', {
      ...(await doctorForm('songhong')),
      userName: 'otheruser1',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.sort()).toEqual(['upload_license', 'upload_picture']);
    const hospital = await post('/Hospitals/CreateHospital', { name: 'BV A', userName: 'benhviena' });
    expect(hospital.json().errors).toEqual(
      expect.arrayContaining([
        'hospital_name_6_char',
        'valid_email',
        'must_be_bw_7_to_15',
        'upload_image',
        'upload_license',
      ]),
    );
  });

  it('stores a hospital request waiting (0), invisible to other tenants', async () => {
    const reply = await post('/Hospitals/CreateHospital', {
      name: 'Bệnh viện Ánh Dương',
      userName: 'anhduong01',
      email: 'lienhe@anhduong.vn',
      contactNumber: '02438123456',
      emergencyNumber: '0912000115',
      aboutUs: 'Bệnh viện đa khoa tư nhân với 200 giường bệnh.',
      image: await upload(PNG, 'image/png', 'HospitalImage'),
      license: await upload(PNG, 'image/png', 'License'),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const names = await t.app.inject({
      url: '/api/v1/Hospitals/GetHospitalNames',
      headers: tenantHeaders('songkhoe'),
    });
    expect(names.json().data.map((h: { name: string }) => h.name)).not.toContain('Bệnh viện Ánh Dương');
    expect(await inTenant('songhong', 'SELECT 1 FROM join_requests')).toHaveLength(0);
    expect(await inTenant('songhong', 'SELECT 1 FROM uploads')).not.toHaveLength(0);
  });
});
