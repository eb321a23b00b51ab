import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command as joinRequests } from '../../admin/commands/join-requests';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'join-requests-'));
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

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

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
