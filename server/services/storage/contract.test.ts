import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUrlRoutes } from '../../modules/uploads/index';
import { registerErrorHandling } from '../../plugins/errors';
import { incomingKey, LocalDiskStorage, type Storage } from './index';
import { startTestS3 } from './s3-test-server';

/**
 * One contract, both drivers: the local disk (URLs signed by the app, served by the uploads
 * module's signed routes on a real HTTP port) and S3 (a real SigV4-checking S3 server on
 * loopback). Every presigned URL is used with fetch, as a browser would.
 */
interface Driver {
  storage: Storage;
  stop(): Promise<void>;
}

async function diskDriver(): Promise<Driver> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-contract-'));
  const app = Fastify();
  registerErrorHandling(app);
  // URLs are made absolute with the test server's origin, known once it listens: the routes
  // read the driver through this holder when a request arrives.
  const holder: { storage?: LocalDiskStorage } = {};
  await app.register(
    async (api) => {
      const lazy = new Proxy({} as LocalDiskStorage, {
        get: (_target, name) => {
          const value = Reflect.get(holder.storage!, name);
          return typeof value === 'function' ? value.bind(holder.storage) : value;
        },
      });
      await api.register(signedUrlRoutes, { storage: lazy });
    },
    { prefix: '/api/v1' },
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const storage = new LocalDiskStorage(dataDir, {
    signingKeys: () => [{ kid: 'test1', material: Buffer.alloc(32, 7) }],
    baseUrl: address,
  });
  holder.storage = storage;
  return {
    storage,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function s3Driver(): Promise<Driver> {
  const s3 = await startTestS3();
  return { storage: s3.storage, stop: s3.stop };
}

const PDF = Buffer.from('%PDF-1.4\n% contract\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const put = (url: string, body: Buffer, type: string) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': type } });
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same URL with one character of its signature changed. */
function tampered(url: string): string {
  const u = new URL(url);
  const name = u.searchParams.has('X-Amz-Signature') ? 'X-Amz-Signature' : 's';
  const signature = u.searchParams.get(name)!;
  const last = signature.at(-2) === '0' ? '1' : '0';
  u.searchParams.set(name, `${signature.slice(0, -2)}${last}${signature.at(-1)}`);
  return u.href;
}

describe.each([
  ['disk', diskDriver],
  ['s3', s3Driver],
])('Storage contract: %s driver', (_name, start) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await start();
  });
  afterAll(() => driver?.stop());
  const storage = () => driver.storage;

  it('puts, gets (with the type), deletes; a missing file is null; deleting twice is fine', async () => {
    await storage().put('songkhoe', 'Documents/a.pdf', PDF, 'application/pdf');
    expect(await storage().get('songkhoe', 'Documents/a.pdf')).toEqual({
      bytes: PDF,
      contentType: 'application/pdf',
    });
    expect(await storage().size?.('songkhoe', 'Documents/a.pdf')).toBe(PDF.length);
    await storage().delete('songkhoe', 'Documents/a.pdf');
    expect(await storage().get('songkhoe', 'Documents/a.pdf')).toBeNull();
    expect(await storage().size?.('songkhoe', 'Documents/a.pdf')).toBeNull();
    await storage().delete('songkhoe', 'Documents/a.pdf');
    expect(await storage().get('songkhoe', 'Nothing/here.pdf')).toBeNull();
  });

  it('deleting a key also deletes its unchecked direct upload (incoming/<key>)', async () => {
    await storage().put('songkhoe', incomingKey('Documents/w.pdf'), PDF, 'application/pdf');
    await storage().delete('songkhoe', 'Documents/w.pdf');
    expect(await storage().get('songkhoe', incomingKey('Documents/w.pdf'))).toBeNull();
  });

  it('keeps tenants apart', async () => {
    await storage().put('songkhoe', 'Documents/t.png', PNG, 'image/png');
    expect(await storage().get('songhong', 'Documents/t.png')).toBeNull();
    await storage().delete('songhong', 'Documents/t.png');
    expect((await storage().get('songkhoe', 'Documents/t.png'))?.bytes).toEqual(PNG);
  });

  it('refuses unsafe keys, tenants, content types and expiries', async () => {
    for (const [tenant, key] of [
      ['songkhoe', '../songhong/x.pdf'],
      ['songkhoe', '/etc/passwd'],
      ['songkhoe', 'a//b'],
      ['songkhoe', 'a/..'],
      ['../x', 'a.pdf'],
      ['songkhoe/../songhong', 'a.pdf'],
    ] as const) {
      await expect(storage().get(tenant, key)).rejects.toThrow(/invalid/);
      await expect(storage().put(tenant, key, PDF, 'application/pdf')).rejects.toThrow(/invalid/);
      await expect(storage().delete(tenant, key)).rejects.toThrow(/invalid/);
      await expect(storage().presignPut(tenant, key, 'application/pdf', 60)).rejects.toThrow(/invalid/);
    }
    await expect(storage().presignPut('songkhoe', 'a/b.pdf', 'text/html\r\nx-evil: 1', 60)).rejects.toThrow(
      /invalid/,
    );
    await expect(storage().presignPut('songkhoe', 'a/b.pdf', 'application/pdf', 0)).rejects.toThrow(
      /invalid/,
    );
  });

  it('a presigned PUT stores the bytes; another type, a changed signature or another tenant’s key: 403', async () => {
    const url = await storage().presignPut('songkhoe', 'Incoming/p.pdf', 'application/pdf', 300);
    expect((await put(url, PDF, 'image/png')).status).toBe(403);
    expect((await put(tampered(url), PDF, 'application/pdf')).status).toBe(403);
    const foreign = url.replace('/songkhoe/', '/songhong/');
    expect(foreign).not.toBe(url);
    expect((await put(foreign, PDF, 'application/pdf')).status).toBe(403);
    expect((await put(url.replace('p.pdf', 'q.pdf'), PDF, 'application/pdf')).status).toBe(403);
    expect(await storage().get('songhong', 'Incoming/p.pdf')).toBeNull();
    expect(await storage().get('songkhoe', 'Incoming/p.pdf')).toBeNull();

    const res = await put(url, PDF, 'application/pdf');
    expect(res.status).toBe(200);
    expect(await storage().get('songkhoe', 'Incoming/p.pdf')).toEqual({
      bytes: PDF,
      contentType: 'application/pdf',
    });
  });

  it('a presigned GET serves the file with the signed type and a safe name; tampering: 403', async () => {
    await storage().put('songkhoe', 'Documents/g.pdf', PDF, 'application/pdf');
    const url = await storage().presignGet('songkhoe', 'Documents/g.pdf', {
      fileName: 'kết quả "x"\r\nSet-Cookie: a=b.pdf',
      contentType: 'application/pdf',
      disposition: 'attachment',
      expiresInSeconds: 300,
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="/);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await fetch(tampered(url))).status).toBe(403);
    expect((await fetch(url.replace('/songkhoe/', '/songhong/'))).status).toBe(403);
    expect((await fetch(url.replace('g.pdf', 'h.pdf'))).status).toBe(403);
    const inline = new URL(url);
    const name = inline.searchParams.has('response-content-disposition')
      ? 'response-content-disposition'
      : 'd';
    inline.searchParams.set(name, 'inline');
    expect((await fetch(inline)).status).toBe(403);
  });

  it('presigned URLs stop working once expired (403)', async () => {
    await storage().put('songkhoe', 'Documents/e.pdf', PDF, 'application/pdf');
    const putUrl = await storage().presignPut('songkhoe', 'Documents/e2.pdf', 'application/pdf', 1);
    const getUrl = await storage().presignGet('songkhoe', 'Documents/e.pdf', {
      fileName: 'e.pdf',
      contentType: 'application/pdf',
      disposition: 'inline',
      expiresInSeconds: 1,
    });
    await later(2500);
    expect((await put(putUrl, PDF, 'application/pdf')).status).toBe(403);
    expect((await fetch(getUrl)).status).toBe(403);
    expect(await storage().get('songkhoe', 'Documents/e2.pdf')).toBeNull();
  });
});
