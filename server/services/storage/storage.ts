import { ApiError } from '../../lib/api-error';

/** A stored file and its MIME type. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/** How a presigned download answers: the name and type it is sent with, inline or attachment. */
export interface PresignGetOptions {
  /** Shown to the user only inside a safe Content-Disposition (`contentDisposition`). */
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  expiresInSeconds: number;
}

/**
 * Where files live, per tenant. Keys are relative paths of safe segments (`<folder>/<name>`);
 * drivers refuse anything else (see `assertSafeKey`). Two drivers: `LocalDiskStorage` (the
 * embedded default; its URLs are signed by the app and served by the uploads module) and
 * `S3Storage` (S3-compatible object storage, object key `<tenant>/<key>`, SigV4 presigned URLs).
 * A URL signs the tenant, the key, the method, the content type and the expiry: changing any of
 * them (another tenant's key included) makes it answer 403.
 */
export interface Storage {
  /** 'disk' or 's3'. */
  readonly driver: 'disk' | 's3';
  /**
   * Whether browsers send upload bytes straight to the store (a presigned PUT): the app then
   * checks them on first use (`confirmUpload`), since nobody checked them on the way in.
   */
  readonly directUploads: boolean;
  /** The origin browsers reach presigned URLs on, when it is not the app's own (CSP). */
  readonly publicOrigin: string | null;
  /** Stores (or replaces) a file; the write is all or nothing. */
  put(tenant: string, key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A stored file, or null when there is none. */
  get(tenant: string, key: string): Promise<StoredObject | null>;
  /**
   * Removes a file, and the bytes of a direct upload of that key still waiting to be checked
   * (`incomingKey`), so erasing a file key leaves nothing behind. Removing a missing file is not
   * an error.
   */
  delete(tenant: string, key: string): Promise<void>;
  /** A stored file's size in bytes without reading it, or null when there is none. */
  size?(tenant: string, key: string): Promise<number | null>;
  /**
   * A URL that accepts one raw-body PUT of this key with exactly this Content-Type until it
   * expires. The disk driver's URL may be a path of this app (`/api/v1/...`): resolve it against
   * the request's origin (`absoluteUrl`).
   */
  presignPut(tenant: string, key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** A URL that downloads this key, with the given name and type, until it expires. */
  presignGet(tenant: string, key: string, options: PresignGetOptions): Promise<string>;
}

/** What a client is told to wait (Retry-After) when the file store is away. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * The file store could not be reached or failed (refused, reset, no answer in time, a 5xx): the
 * request answers 503 `storage_unavailable` with Retry-After instead of a 500, and whatever it was
 * writing rolls back with its transaction, so no record links a file that was never stored.
 */
export class StorageUnavailableError extends ApiError {
  constructor(cause: unknown) {
    super(503, 'storage_unavailable', null, STORAGE_RETRY_AFTER_SECONDS);
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

/**
 * Where a direct upload's presigned PUT writes (`incoming/<key>`): never served, never linked;
 * the upload flow copies checked bytes to the key itself (`confirmUpload`).
 */
export const incomingKey = (key: string) => `incoming/${key}`;
const INCOMING = 'incoming/';
/** The keys `delete(key)` removes: the key, and its incoming bytes unless it is one itself. */
export const keysToDelete = (key: string) => (key.startsWith(INCOMING) ? [key] : [key, incomingKey(key)]);

/** A presigned URL made absolute against the origin the browser used (S3 URLs already are). */
export const absoluteUrl = (url: string, origin: string) => new URL(url, origin).href;

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

/** Throws unless a presign expiry is a whole number of seconds from 1 s to 7 days (S3's limit). */
export function assertExpiry(expiresInSeconds: number): void {
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > 604800) {
    throw new Error(`storage: invalid expiry ${expiresInSeconds}`);
  }
}

/** The only content types a URL may sign: `type/subtype`, no parameters, nothing a header could break. */
export function assertSafeContentType(contentType: string): void {
  if (!/^[a-z0-9][a-z0-9.+-]{0,63}\/[a-z0-9][a-z0-9.+-]{0,127}$/i.test(contentType)) {
    throw new Error(`storage: invalid content type ${JSON.stringify(contentType)}`);
  }
}
