import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, PNG } from '../../../tests/helpers/files';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { caller } from '../accounts/test-support';
import { addAppointment, type Catalogue, type TestUser } from './care-fixtures';
import { at, createCareWorld, NOW } from './care-world';
import { setBookingNow } from './clock';

/**
 * Appointment attachments on a real database: files uploaded through the real upload endpoints,
 * linked to the owner's appointment, downloadable by the owner only; refusals of files already
 * linked, of other tenants and folders, of more than 5 files and of oversize images.
 */

let t: TestApp;
let cat: Catalogue;
let owner: TestUser;
let stranger: TestUser;
let foreigner: TestUser;
let ids: Record<string, number>;

beforeAll(async () => {
  setBookingNow(NOW);
  ({ t, cat, owner, stranger, foreigner, ids } = await createCareWorld());
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const api = (tenant = 'songkhoe', lang = 'vi') => caller(t.app, tenant, lang);
const get = (path: string, user: TestUser = owner, tenant = 'songkhoe') =>
  api(tenant).get(path, { token: user.token });
const post = (path: string, body: unknown, user: TestUser = owner, tenant = 'songkhoe') =>
  api(tenant).post(path, body, { token: user.token });

async function upload(user: TestUser, file: { type: string; name: string; bytes: Buffer }) {
  const grant = await post(
    'Storages/GetUploadUrls',
    {
      files: [{ fileType: file.type, fileName: file.name, folderName: 'Attachments' }],
    },
    user,
  );
  expect(grant.status, JSON.stringify(grant.json)).toBe(200);
  const { uploadUrl, fileHttpUrl } = grant.json.data.fileUploads[0] as {
    uploadUrl: string;
    fileHttpUrl: string;
  };
  const put = await t.app.inject({
    method: 'PUT',
    url: new URL(uploadUrl).pathname,
    headers: { 'content-type': file.type },
    payload: file.bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return fileHttpUrl;
}

describe('attachments', () => {
  it('links files uploaded through the upload endpoints; only the owner can download them', async () => {
    const png = await upload(owner, { type: 'image/png', name: 'phim-x-quang.png', bytes: PNG });
    const pdf = await upload(owner, { type: 'application/pdf', name: 'kết quả xét nghiệm.pdf', bytes: PDF });
    const res = await post('Appointments/AddAttachments', {
      appointmentId: ids.u2,
      files: [{ fileHttpUrl: png }, { fileHttpUrl: pdf }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.map((a: { fileName: string }) => a.fileName)).toEqual([
      'phim-x-quang.png',
      'kết quả xét nghiệm.pdf',
    ]);
    const listed = await get(`Appointments/GetAttachments?appointmentId=${ids.u2}`);
    expect(listed.json.data).toEqual(res.json.data);
    const [image] = listed.json.data as { attachmentId: number; fileHttpUrl: string; contentType: string }[];
    expect(image!.contentType).toBe('image/png');

    const path = new URL(image!.fileHttpUrl).pathname;
    const download = (token?: string, tenant = 'songkhoe') =>
      t.app.inject({
        method: 'GET',
        url: path,
        headers: { ...tenantHeaders(tenant), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const mine = await download(owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await download()).statusCode).toBe(401);
    expect((await download(stranger.token)).statusCode).toBe(404);
    expect((await download(foreigner.token, 'songhong')).statusCode).toBe(404);
    // The public file URL does not serve the private folder.
    const open = await t.app.inject({ method: 'GET', url: new URL(png).pathname });
    expect(open.statusCode).not.toBe(200);
  });

  it("refuses a file already linked, another tenant's URL, another folder, and more than 5", async () => {
    const png = await upload(owner, { type: 'image/png', name: 'a.png', bytes: PNG });
    const ok = await post('Appointments/AddAttachments', {
      appointmentId: ids.u3,
      files: [{ fileHttpUrl: png }],
    });
    expect(ok.status).toBe(200);
    const twice = await post('Appointments/AddAttachments', {
      appointmentId: ids.u1,
      files: [{ fileHttpUrl: png }],
    });
    expect(twice.status).toBe(400);
    expect(twice.json.codeMessageRespond).toBe('attachment_file_error');
    // The stranger cannot link the owner's file to their own appointment either.
    const theirs = await addAppointment(t.db, 'songkhoe', stranger, {
      doctorId: cat.doctorIds[7]!,
      startsAt: at('2026-03-28T02:00:00Z'),
    });
    const stolen = await post(
      'Appointments/AddAttachments',
      { appointmentId: theirs, files: [{ fileHttpUrl: png }] },
      stranger,
    );
    expect(stolen.status).toBe(400);

    const foreignUrl = png.replace('/songkhoe/', '/songhong/');
    const foreign = await post('Appointments/AddAttachments', {
      appointmentId: ids.u1,
      files: [{ fileHttpUrl: foreignUrl }],
    });
    expect(foreign.status).toBe(400);
    const notUploaded = png.replace(/[0-9a-f]{8}-/, '00000000-');
    expect(
      (
        await post('Appointments/AddAttachments', {
          appointmentId: ids.u1,
          files: [{ fileHttpUrl: notUploaded }],
        })
      ).status,
    ).toBe(400);

    const five = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => upload(owner, { type: 'image/png', name: `f${i}.png`, bytes: PNG })),
    );
    const over = await post('Appointments/AddAttachments', {
      appointmentId: ids.u3,
      files: five.map((fileHttpUrl) => ({ fileHttpUrl })),
    });
    expect(over.status).toBe(400);
    expect(over.json.errors).toEqual(['max_5_files']);
    const six = await post('Appointments/AddAttachments', {
      appointmentId: ids.u1,
      files: [...five, png].map((fileHttpUrl) => ({ fileHttpUrl })),
    });
    expect(six.status).toBe(400);
  });

  it('refuses an image over 2 MB (PDF may reach 5 MB)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const url = await upload(owner, { type: 'image/png', name: 'big.png', bytes: big });
    const res = await post('Appointments/AddAttachments', {
      appointmentId: ids.p1,
      files: [{ fileHttpUrl: url }],
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(['file_too_large']);
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]);
    const pdfUrl = await upload(owner, { type: 'application/pdf', name: 'big.pdf', bytes: bigPdf });
    const okPdf = await post('Appointments/AddAttachments', {
      appointmentId: ids.p1,
      files: [{ fileHttpUrl: pdfUrl }],
    });
    expect(okPdf.status, JSON.stringify(okPdf.json)).toBe(200);
  });
});
