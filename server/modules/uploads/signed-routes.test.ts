import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { createStorage, type Storage } from '../../services/storage/index';

/**
 * The disk driver's presigned URLs inside the real app (plugins, tenant and auth hooks): a URL
 * signed with the app's derived key works for its one method, key and type; anything else 403.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-signed-'));
let t: TestApp;
let storage: Storage;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  storage = createStorage(t.env);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const inject = (method: 'GET' | 'PUT', url: string, type = 'application/pdf') =>
  t.app.inject({
    method,
    url,
    headers: { host: 'songkhoe.example', ...(method === 'PUT' ? { 'content-type': type } : {}) },
    ...(method === 'PUT' ? { payload: PDF } : {}),
  });

describe('signed storage URLs of the disk driver', () => {
  it('take one PUT of the signed type and serve one GET with a safe name; another tenant, key, type or signature: 403', async () => {
    const put = await storage.presignPut('songkhoe', 'Documents/s.pdf', 'application/pdf', 60);
    expect(put.startsWith('/api/v1/Storages/Signed/songkhoe/Documents/s.pdf?')).toBe(true);
    expect((await inject('PUT', put, 'text/html')).statusCode).toBe(403);
    expect((await inject('PUT', put.replace('/songkhoe/', '/songhong/'))).statusCode).toBe(403);
    expect((await inject('PUT', put.replace('s.pdf', 't.pdf'))).statusCode).toBe(403);
    expect((await inject('PUT', put.replace(/s=[^&]+/, 's=AAAA'))).statusCode).toBe(403);
    expect((await inject('PUT', put)).statusCode).toBe(200);
    expect((await storage.get('songkhoe', 'Documents/s.pdf'))?.bytes).toEqual(PDF);

    const get = await storage.presignGet('songkhoe', 'Documents/s.pdf', {
      fileName: 'hồ sơ\r\n.pdf',
      contentType: 'application/pdf',
      disposition: 'inline',
      expiresInSeconds: 60,
    });
    const res = await inject('GET', get);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="ho so.pdf"; filename*=UTF-8''h%E1%BB%93%20s%C6%A1%0D%0A.pdf`,
    );
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await inject('GET', put)).statusCode).toBe(403);
    expect((await inject('GET', get.replace('d=inline', 'd=attachment'))).statusCode).toBe(403);
    expect((await inject('GET', get.replace('/songkhoe/', '/songhong/'))).statusCode).toBe(403);
    expect((await inject('GET', '/api/v1/Storages/Signed/songkhoe/Documents/s.pdf')).statusCode).toBe(403);
  });
});
