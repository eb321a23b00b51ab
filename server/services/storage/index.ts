/**
 * Storage service: files of any feature, per tenant, behind the `Storage` interface, and the
 * signed single-use upload flow (grants, type sniffing, per-folder limits). Import from here.
 */
import { LocalDiskStorage } from './local-disk';
import type { Storage } from './storage';

export { assertSafeKey, type Storage, type StoredObject } from './storage';
export { LocalDiskStorage } from './local-disk';
export {
  checkUpload,
  claimUploads,
  type ClaimedFile,
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

/** The storage driver for this process: the local disk under DATA_DIR (the only driver today). */
export function createStorage(options: { dataDir: string }): Storage {
  return new LocalDiskStorage(options.dataDir);
}
