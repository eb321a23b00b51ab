/**
 * Storage service: files of any feature, per tenant, behind the `Storage` interface (drivers:
 * local disk, S3-compatible object storage; `createStorage` picks one from the environment), and
 * the signed single-use upload flow (grants, type sniffing, per-folder limits, direct uploads
 * checked on first use by `confirmUpload`). Import from here.
 */
import type { Env } from '../../config/env';
import { LocalDiskStorage } from './local-disk';
import { s3PublicOrigin, S3Storage } from './s3';
import { legacyKeys } from '../keyring/index';
import type { UrlSigningKey } from './signed-urls';
import type { Storage } from './storage';

export {
  absoluteUrl,
  assertSafeKey,
  incomingKey,
  type PresignGetOptions,
  type Storage,
  STORAGE_RETRY_AFTER_SECONDS,
  StorageUnavailableError,
  type StoredObject,
} from './storage';
export { LocalDiskStorage } from './local-disk';
export { s3PublicOrigin, S3Storage, type S3Settings } from './s3';
export { SIGNED_PATH, signUrl, verifyUrl, type SignedRequest, type UrlSigningKey } from './signed-urls';
export {
  checkUpload,
  claimUploads,
  type ClaimedFile,
  confirmUpload,
  FILE_NAME,
  fileKeyFromUrl,
  filePathOf,
  folderAccepts,
  grantUpload,
  hashToken,
  isUploaded,
  isUploadFolder,
  MAX_UPLOAD_BYTES,
  newFileKey,
  newUploadToken,
  readUpload,
  receiveUpload,
  UPLOAD_FOLDERS,
  UPLOAD_TTL_MINUTES,
  type UploadFolder,
} from './uploads';

type StorageEnv = Pick<
  Env,
  | 'NODE_ENV'
  | 'DATA_DIR'
  | 'STORAGE_DRIVER'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'jwtSecret'
>;

/**
 * The storage driver of this process, from the environment: STORAGE_DRIVER, else s3 when
 * S3_BUCKET is set, else the local disk under DATA_DIR. Production depends on no embedded
 * default: without S3 settings it refuses to start unless STORAGE_DRIVER=disk says so.
 * (`{ dataDir }` alone: a disk driver that cannot presign, for callers without the env.)
 * `signingKeys`: the keyring's `url-signing` keys, current first, for the disk driver's URLs;
 * without it (operator commands, which sign no URL) key 0 derived from JWT_SECRET.
 */
export function createStorage(
  env: StorageEnv | { dataDir: string },
  signingKeys?: () => readonly UrlSigningKey[],
): Storage {
  if ('dataDir' in env) return new LocalDiskStorage(env.dataDir);
  const driver = driverOf(env);
  if (driver === '' && env.NODE_ENV === 'production') {
    throw new Error(
      'environment: set S3_BUCKET (and S3_ENDPOINT, credentials) for the s3 storage driver, or STORAGE_DRIVER=disk, in production',
    );
  }
  if (driver === 's3') {
    if (!env.S3_BUCKET) throw new Error('environment: STORAGE_DRIVER=s3 needs S3_BUCKET');
    return new S3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT || undefined,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    });
  }
  const keyZero = [{ kid: '0', material: legacyKeys(env.jwtSecret)['url-signing'] }];
  return new LocalDiskStorage(env.DATA_DIR, { signingKeys: signingKeys ?? (() => keyZero) });
}

const driverOf = (env: Pick<StorageEnv, 'STORAGE_DRIVER' | 'S3_BUCKET'>) =>
  env.STORAGE_DRIVER || (env.S3_BUCKET ? 's3' : '');

/**
 * The origin browsers send presigned uploads to (and may load presigned downloads from) when
 * the s3 driver is configured, for the CSP's connect-src and img-src; null for the disk.
 */
export function storagePublicOrigin(
  env: Pick<
    StorageEnv,
    | 'STORAGE_DRIVER'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_PUBLIC_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
  >,
): string | null {
  if (driverOf(env) !== 's3' || !env.S3_BUCKET) return null;
  return s3PublicOrigin({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT || undefined,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  });
}
