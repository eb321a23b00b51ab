import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../../lib/send-file';
import {
  assertExpiry,
  assertSafeContentType,
  assertSafeKey,
  keysToDelete,
  type PresignGetOptions,
  type Storage,
  StorageUnavailableError,
  type StoredObject,
} from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** The endpoint the server talks to (empty: AWS S3 of the region). */
  endpoint?: string;
  /** The endpoint browsers use for presigned URLs, when it differs (e.g. behind a proxy). */
  publicEndpoint?: string;
  /** Empty: the SDK's default credential chain (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` URLs (MinIO, s3rver) rather than `<bucket>.<endpoint>`. */
  forcePathStyle?: boolean;
}

/** The origin of presigned URLs: the public endpoint, else the endpoint, else AWS S3's. */
export function s3PublicOrigin(settings: Omit<S3Settings, 'accessKeyId' | 'secretAccessKey'>): string {
  const endpoint = settings.publicEndpoint || settings.endpoint;
  if (endpoint) return new URL(endpoint).origin;
  const host = `s3.${settings.region}.amazonaws.com`;
  return `https://${settings.forcePathStyle ? host : `${settings.bucket}.${host}`}`;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * A failure of the store itself: no HTTP answer at all (refused, reset, timed out) or a 5xx. It
 * becomes `StorageUnavailableError` (503 storage_unavailable); anything else the store answered
 * (403 of a wrong key, 400) stays what it is, a fault of ours.
 */
const storageFailure = (error: unknown) => {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500 ? new StorageUnavailableError(error) : error;
};

/**
 * How long a request may wait on the store: a connection within 2 s, no 5 s without a byte, two
 * attempts. An unreachable or silent store then fails a request within about 10 s (503) instead
 * of holding it and its transaction open; a refused connection fails at once.
 */
const PATIENCE = {
  maxAttempts: 2,
  requestHandler: {
    connectionTimeout: 2_000,
    socketTimeout: 5_000,
    requestTimeout: 15_000,
    throwOnRequestTimeout: true,
  },
} satisfies Partial<S3ClientConfig>;

/**
 * S3-compatible object storage: object `<tenant>/<key>` in one bucket. Presigned PUT and GET
 * URLs are SigV4 (the store checks signature and expiry, so a changed tenant, key, type or
 * expiry answers 403). Checksums only when an operation requires one: current SDKs would
 * otherwise sign an empty-body checksum into presigned PUT URLs, which S3 then refuses.
 */
export class S3Storage implements Storage {
  readonly driver = 's3';
  readonly directUploads = true;
  readonly publicOrigin: string | null;
  private readonly client: S3Client;
  private readonly presigner: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    const config = (endpoint: string | undefined): S3ClientConfig => ({
      region: settings.region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle: settings.forcePathStyle ?? false,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...PATIENCE,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
    this.bucket = settings.bucket;
    this.client = new S3Client(config(settings.endpoint));
    const publicEndpoint = settings.publicEndpoint || settings.endpoint;
    this.presigner =
      publicEndpoint === settings.endpoint ? this.client : new S3Client(config(publicEndpoint));
    this.publicOrigin = s3PublicOrigin(settings);
  }

  private objectKey(tenant: string, key: string): string {
    assertSafeKey(tenant, key);
    return `${tenant}/${key}`;
  }

  async put(tenant: string, key: string, bytes: Buffer, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(tenant, key),
      Body: bytes,
      ContentType: contentType,
      ContentLength: bytes.length,
    });
    await this.client.send(command).catch((error: unknown) => {
      throw storageFailure(error);
    });
  }

  async get(tenant: string, key: string): Promise<StoredObject | null> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(tenant, key) });
    try {
      const res = await this.client.send(command);
      const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
      return { bytes, contentType: res.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw storageFailure(error);
    }
  }

  async size(tenant: string, key: string): Promise<number | null> {
    const command = new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(tenant, key) });
    try {
      return (await this.client.send(command)).ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw storageFailure(error);
    }
  }

  async delete(tenant: string, key: string): Promise<void> {
    for (const k of keysToDelete(key)) {
      const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(tenant, k) });
      await this.client.send(command).catch((error: unknown) => {
        throw storageFailure(error);
      });
    }
  }

  async presignPut(tenant: string, key: string, contentType: string, expiresInSeconds: number) {
    assertSafeContentType(contentType);
    assertExpiry(expiresInSeconds);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(tenant, key),
      ContentType: contentType,
    });
    // Content-Type stays a signed header: a PUT with another type fails the signature.
    return getSignedUrl(this.presigner, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type']),
    });
  }

  async presignGet(tenant: string, key: string, options: PresignGetOptions) {
    assertSafeContentType(options.contentType);
    assertExpiry(options.expiresInSeconds);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(tenant, key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.disposition, options.fileName),
    });
    return getSignedUrl(this.presigner, command, { expiresIn: options.expiresInSeconds });
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}
