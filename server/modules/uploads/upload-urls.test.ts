import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'upload-urls-'));
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
