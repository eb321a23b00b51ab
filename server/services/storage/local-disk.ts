import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage, type StoredObject } from './storage';

/** The type of a file written before types were kept beside it, from its extension. */
const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files on the local disk: `<dataDir>/uploads/<tenant>/<key>`, and the MIME type beside each in
 * `<file>.type`. Writes go to a temporary name first, then rename, so a reader never sees half
 * a file. Fine for one server (the embedded default); several servers need a shared driver.
 */
export class LocalDiskStorage implements Storage {
  constructor(private readonly dataDir: string) {}

  /** The absolute path of a tenant's key. */
  pathOf(tenant: string, key: string): string {
    assertSafeKey(tenant, key);
    return path.join(this.dataDir, 'uploads', tenant, ...key.split('/'));
  }

  async put(tenant: string, key: string, bytes: Buffer, contentType: string): Promise<void> {
    const target = this.pathOf(tenant, key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    await writeFile(`${temporary}.type`, contentType, { flag: 'wx' });
    await rename(`${temporary}.type`, `${target}.type`);
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, target);
  }

  async get(tenant: string, key: string): Promise<StoredObject | null> {
    const target = this.pathOf(tenant, key);
    try {
      const bytes = await readFile(target);
      const contentType = await readFile(`${target}.type`, 'utf8').catch((error: unknown) => {
        if (!isMissing(error)) throw error;
        return TYPE_OF_EXTENSION[path.extname(target).slice(1)] ?? 'application/octet-stream';
      });
      return { bytes, contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(tenant: string, key: string): Promise<void> {
    const target = this.pathOf(tenant, key);
    await rm(target, { force: true });
    await rm(`${target}.type`, { force: true });
  }
}
