import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signUrl, verifyUrl, type SignedRequest, type UrlSigningKey } from './signed-urls';
import {
  assertExpiry,
  assertSafeContentType,
  assertSafeKey,
  keysToDelete,
  type PresignGetOptions,
  type Storage,
  type StoredObject,
} from './storage';

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
 * Presigned URLs are HMAC-signed by the app (`signed-urls.ts`) and served by the uploads module;
 * `baseUrl` (tests) makes them absolute, else they are paths of this app.
 */
export class LocalDiskStorage implements Storage {
  readonly driver = 'disk';
  readonly directUploads = false;
  readonly publicOrigin = null;
  private readonly signingKeys: (() => readonly UrlSigningKey[]) | null;
  private readonly baseUrl: string;

  constructor(
    private readonly dataDir: string,
    /** `signingKeys`: the readable URL-signing keys, current first (read at each use: they rotate). */
    options: { signingKeys?: () => readonly UrlSigningKey[]; baseUrl?: string } = {},
  ) {
    this.signingKeys = options.signingKeys ?? null;
    this.baseUrl = options.baseUrl?.replace(/\/$/, '') ?? '';
  }

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

  async size(tenant: string, key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(tenant, key))).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(tenant: string, key: string): Promise<void> {
    for (const k of keysToDelete(key)) {
      const target = this.pathOf(tenant, k);
      await rm(target, { force: true });
      await rm(`${target}.type`, { force: true });
    }
  }

  async presignPut(tenant: string, key: string, contentType: string, expiresInSeconds: number) {
    assertSafeContentType(contentType);
    return this.sign({ method: 'PUT', tenant, key, contentType }, expiresInSeconds);
  }

  async presignGet(tenant: string, key: string, options: PresignGetOptions) {
    assertSafeContentType(options.contentType);
    const { fileName, contentType, disposition } = options;
    return this.sign(
      { method: 'GET', tenant, key, contentType, fileName, disposition },
      options.expiresInSeconds,
    );
  }

  /**
   * The request a signed URL's query allows on this tenant's key, or why not ('forbidden' for a
   * bad or foreign signature, 'expired'). The uploads module's signed routes call it.
   */
  verify(method: 'GET' | 'PUT', tenant: string, key: string, query: Record<string, unknown>) {
    assertSafeKey(tenant, key);
    return verifyUrl(this.keys(), method, tenant, key, query);
  }

  private sign(request: Omit<SignedRequest, 'expires'>, expiresInSeconds: number): string {
    assertSafeKey(request.tenant, request.key);
    assertExpiry(expiresInSeconds);
    // Rounded up, so a URL lives at least the seconds asked for.
    const expires = Math.ceil(Date.now() / 1000) + expiresInSeconds;
    return `${this.baseUrl}${signUrl(this.keys()[0]!, { ...request, expires })}`;
  }

  private keys(): readonly UrlSigningKey[] {
    const keys = this.signingKeys?.() ?? [];
    if (keys.length === 0)
      throw new Error('storage: the disk driver has no signing key (createStorage gives one)');
    return keys;
  }
}
