import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileKeyFromUrl, LocalDiskStorage } from './index';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-storage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const storage = new LocalDiskStorage(dataDir);

describe('LocalDiskStorage', () => {
  it('puts, gets (with the type) and deletes a tenant’s file', async () => {
    await storage.put('songkhoe', 'Documents/a.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await storage.get('songkhoe', 'Documents/a.pdf')).toEqual({
      bytes: Buffer.from('%PDF-1.4'),
      contentType: 'application/pdf',
    });
    expect(await storage.get('songhong', 'Documents/a.pdf')).toBeNull();
    await storage.delete('songkhoe', 'Documents/a.pdf');
    expect(await storage.get('songkhoe', 'Documents/a.pdf')).toBeNull();
    await storage.delete('songkhoe', 'Documents/a.pdf');
  });

  it('reads a file stored before types were kept beside it by its extension', async () => {
    mkdirSync(path.join(dataDir, 'uploads', 'saomai', 'License'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'saomai', 'License', 'old.png'), 'png');
    expect((await storage.get('saomai', 'License/old.png'))?.contentType).toBe('image/png');
  });

  it('refuses keys and tenants that could leave the tenant’s folder', async () => {
    for (const [tenant, key] of [
      ['songkhoe', '../songhong/x.pdf'],
      ['songkhoe', '/etc/passwd'],
      ['songkhoe', 'a//b'],
      ['songkhoe', 'a/..'],
      ['../x', 'a.pdf'],
    ] as const) {
      await expect(storage.get(tenant, key)).rejects.toThrow(/invalid/);
      await expect(storage.put(tenant, key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid/);
    }
  });
});

describe('fileKeyFromUrl', () => {
  const key = 'License/0f8fad5b-d9cb-469f-a165-70867728950e.pdf';
  it('gives the key of this tenant’s file URL, else null', () => {
    expect(fileKeyFromUrl(`https://x.example/api/v1/Storages/Files/songkhoe/${key}`, 'songkhoe')).toBe(key);
    expect(fileKeyFromUrl(`https://x.example/api/v1/Storages/Files/songhong/${key}`, 'songkhoe')).toBeNull();
    expect(
      fileKeyFromUrl('https://x.example/api/v1/Storages/Files/songkhoe/Other/a.pdf', 'songkhoe'),
    ).toBeNull();
  });
});
