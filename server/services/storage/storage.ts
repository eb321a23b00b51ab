/** A stored file and its MIME type. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where files live, per tenant. Keys are relative paths of safe segments (`<folder>/<name>`);
 * drivers refuse anything else (see `assertSafeKey`). `LocalDiskStorage` is the default; an
 * object-store driver (S3 and the like) implements the same three calls.
 */
export interface Storage {
  /** Stores (or replaces) a file; the write is all or nothing. */
  put(tenant: string, key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A stored file, or null when there is none. */
  get(tenant: string, key: string): Promise<StoredObject | null>;
  /** Removes a file; removing a missing file is not an error. */
  delete(tenant: string, key: string): Promise<void>;
}

const TENANT = /^[a-z0-9][a-z0-9-]{0,29}$/;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Throws unless the tenant code and key can name nothing outside the tenant's own space. */
export function assertSafeKey(tenant: string, key: string): void {
  if (!TENANT.test(tenant)) throw new Error(`storage: invalid tenant code ${JSON.stringify(tenant)}`);
  const segments = key.split('/');
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
  }
}
