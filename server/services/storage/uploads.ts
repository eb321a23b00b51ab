import { fileTypeFromBuffer } from 'file-type';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { UPLOAD_FOLDERS, type UploadFolder } from '../../../schemas/codes';
import type { Database, Sql } from '../../db/database';
import { incomingKey, type Storage, type StoredObject } from './storage';

/**
 * Uploads: signed single-use upload grants (rows of the tenant's `uploads` table), the folders
 * with their types and size limits (`UPLOAD_FOLDERS`), key naming `<folder>/<uuid>.<ext>` and
 * the real type sniffed from the bytes. The bytes themselves go to a `Storage` driver.
 */

export { UPLOAD_FOLDERS, type UploadFolder };
export const UPLOAD_TTL_MINUTES = 15;
/** The largest file any folder accepts (the request body limit of an upload). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_FOLDERS).map((f) => f.maxBytes));
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
/** The only file names the server ever creates, so a served path can never leave the folder. */
export const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|pdf)$/;

/** A fresh secret for an upload URL and the hash stored in `uploads` (the secret is never stored). */
export function newUploadToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new file key `<folder>/<uuid>.<ext>` for a declared type. */
export const newFileKey = (folder: UploadFolder, fileType: string) =>
  `${folder}/${randomUUID()}.${EXTENSIONS[fileType] ?? 'bin'}`;

/** Whether a folder accepts a MIME type. */
export const folderAccepts = (folder: UploadFolder, type: string) =>
  (UPLOAD_FOLDERS[folder].types as readonly string[]).includes(type);

/** Whether a name is one of the upload folders. */
export const isUploadFolder = (name: string): name is UploadFolder => Object.hasOwn(UPLOAD_FOLDERS, name);

/**
 * Checks an uploaded body against its folder: size limit, then the real type sniffed from the
 * bytes (file-type), which must be one the folder accepts. The declared Content-Type is not
 * trusted: a renamed executable sniffs as something else (or nothing) and is refused.
 * @returns the sniffed MIME type, or the message key of the failure
 */
export async function checkUpload(
  folder: UploadFolder,
  body: Buffer,
): Promise<{ type: string } | { error: 'file_too_large' | 'invalid_file_type' }> {
  if (body.length === 0) return { error: 'invalid_file_type' };
  if (body.length > UPLOAD_FOLDERS[folder].maxBytes) return { error: 'file_too_large' };
  const sniffed = await fileTypeFromBuffer(body);
  if (!sniffed || !folderAccepts(folder, sniffed.mime)) return { error: 'invalid_file_type' };
  return { type: sniffed.mime };
}

/**
 * Grants one upload (inside the tenant's transaction): a row keyed by the token's hash, valid
 * for UPLOAD_TTL_MINUTES. The caller turns `token` into its upload URL and `fileKey` into the
 * file's URL. The caller checks `folderAccepts(folder, fileType)` first.
 */
export async function grantUpload(
  sql: Sql,
  file: { folder: UploadFolder; fileName: string; fileType: string; userId?: number | null },
): Promise<{ token: string; fileKey: string }> {
  const { token, hash } = newUploadToken();
  const fileKey = newFileKey(file.folder, file.fileType);
  await sql.query(
    `INSERT INTO uploads (token_hash, folder, file_key, file_name, declared_type, expires_at, user_id)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6), $7)`,
    [hash, file.folder, fileKey, file.fileName, file.fileType, UPLOAD_TTL_MINUTES, file.userId ?? null],
  );
  return { token, fileKey };
}

/** A private upload linked to a record by `claimUploads`: what the record keeps of it. */
export interface ClaimedFile {
  fileKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Links uploaded files of a private folder to the caller's record (inside the tenant's
 * transaction): each URL must name a completed upload of `folder` granted to `userId` and not
 * linked before; it is then marked claimed, so no second record (and no other user) can take it.
 * Images above `maxImageBytes` (when the folder admits larger PDFs) are refused too.
 * @returns the files in the order given, or the message key of the first refusal:
 *   'too_many_files' (more than `maxFiles`), 'upload_url_invalid' (unknown, foreign, unfinished or
 *   already linked), 'file_too_large', 'invalid_file_type' (a direct upload whose bytes are not
 *   its declared type: the object is deleted)
 */
export async function claimUploads(
  sql: Sql,
  // The driver: an object store receives uploads directly, so its bytes are checked here.
  storage: Storage,
  request: {
    fileUrls: string[];
    folder: UploadFolder;
    userId: number;
    tenant: string;
    maxFiles: number;
    maxImageBytes?: number;
  },
): Promise<
  ClaimedFile[] | { error: 'too_many_files' | 'upload_url_invalid' | 'file_too_large' | 'invalid_file_type' }
> {
  const { fileUrls, folder, userId, tenant, maxFiles } = request;
  if (fileUrls.length > maxFiles) return { error: 'too_many_files' };
  const keys = fileUrls.map((url) => fileKeyFromUrl(url.trim(), tenant));
  if (keys.some((k) => k === null || !k.startsWith(`${folder}/`)) || new Set(keys).size !== keys.length) {
    return { error: 'upload_url_invalid' };
  }
  const claimed: ClaimedFile[] = [];
  for (const key of keys as string[]) {
    const state = await confirmUpload(sql, storage, tenant, key, { folder, userId });
    if (state === 'file_too_large' || state === 'invalid_file_type') return { error: state };
    const { rows } = await sql.query<{ file_name: string; content_type: string; size_bytes: number }>(
      `UPDATE uploads SET claimed_at = now()
        WHERE file_key = $1 AND folder = $2 AND user_id = $3 AND uploaded_at IS NOT NULL AND claimed_at IS NULL
          AND content_type IS NOT NULL
        RETURNING file_name, content_type, size_bytes`,
      [key, folder, userId],
    );
    const row = rows[0];
    if (!row) return { error: 'upload_url_invalid' };
    if (
      request.maxImageBytes !== undefined &&
      row.content_type.startsWith('image/') &&
      row.size_bytes > request.maxImageBytes
    ) {
      return { error: 'file_too_large' };
    }
    claimed.push({
      fileKey: key,
      fileName: row.file_name,
      contentType: row.content_type,
      sizeBytes: Number(row.size_bytes),
    });
  }
  return claimed;
}

/**
 * Receives the bytes for a grant (inside the tenant's transaction): claims the grant (single use,
 * unexpired; concurrent claims race safely), checks size and sniffed type against the folder, and
 * stores the file. On an error result the caller throws, so the transaction rolls the claim back
 * and the same URL may be tried again with a proper file.
 * @returns the file key, or why it was refused: 'upload_url_invalid' (unknown, used or expired
 *   grant), 'file_too_large' or 'invalid_file_type'
 */
export async function receiveUpload(
  sql: Sql,
  storage: Storage,
  tenant: string,
  token: string,
  body: Buffer,
): Promise<{ fileKey: string } | { error: 'upload_url_invalid' | 'file_too_large' | 'invalid_file_type' }> {
  const hash = hashToken(token);
  const { rows } = await sql.query<{ folder: UploadFolder; file_key: string; declared_type: string }>(
    `UPDATE uploads SET uploaded_at = now() WHERE token_hash = $1 AND uploaded_at IS NULL AND expires_at > now()
     RETURNING folder, file_key, declared_type`,
    [hash],
  );
  const row = rows[0];
  if (!row) return { error: 'upload_url_invalid' };
  const checked = await checkUpload(row.folder, body);
  if ('error' in checked) return checked;
  // The bytes must be what the client declared (as on the object store): a PDF sent as an image
  // is refused, so a file's stored name and its real type never disagree.
  if (checked.type !== row.declared_type) return { error: 'invalid_file_type' };
  await sql.query('UPDATE uploads SET content_type = $2, size_bytes = $3 WHERE token_hash = $1', [
    hash,
    checked.type,
    body.length,
  ]);
  await storage.put(tenant, row.file_key, body, checked.type);
  return { fileKey: row.file_key };
}

/** Whether a file key names a completed upload of this tenant (inside its transaction). */
export async function isUploaded(sql: Sql, fileKey: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM uploads WHERE file_key = $1 AND uploaded_at IS NOT NULL', [
    fileKey,
  ]);
  return rows.length > 0;
}

/**
 * A completed upload's bytes and sniffed type, or null. The database says which files exist
 * (`isUploaded` runs inside the tenant's transaction); the driver reads them after it.
 */
export async function readUpload(
  db: Database,
  storage: Storage,
  tenant: string,
  fileKey: string,
): Promise<StoredObject | null | { error: 'file_too_large' | 'invalid_file_type' }> {
  const state = await db.tenant(tenant, (sql) => confirmUpload(sql, storage, tenant, fileKey));
  if (state === 'missing') return null;
  if (state !== 'uploaded') return { error: state };
  return storage.get(tenant, fileKey);
}

/**
 * Makes sure a file key names a completed upload (inside the tenant's transaction). With a driver
 * that takes uploads directly (S3: the browser PUTs to a presigned URL, nobody checks the bytes
 * on the way in), the first use checks them: size first (without reading), then the type sniffed
 * from the bytes, which must be the type declared (and signed) at grant time and one the folder
 * accepts. Good bytes are stored under the file key and the upload marked done (type, size,
 * uploaded_at); bad ones are deleted and the grant stays open until its URL expires.
 * `owner` limits the check to one folder and user (claimUploads).
 * @returns 'uploaded', 'missing' (no such grant, or no bytes yet), or the message key of a refusal
 */
export async function confirmUpload(
  sql: Sql,
  storage: Storage,
  tenant: string,
  fileKey: string,
  owner?: { folder: UploadFolder; userId: number },
): Promise<'uploaded' | 'missing' | 'file_too_large' | 'invalid_file_type'> {
  const { rows } = await sql.query<{ folder: UploadFolder; declared_type: string; uploaded: boolean }>(
    `SELECT folder, declared_type, uploaded_at IS NOT NULL AS uploaded FROM uploads
      WHERE file_key = $1 AND ($2::text IS NULL OR (folder = $2 AND user_id = $3))
      ${storage.directUploads ? 'FOR UPDATE' : ''}`,
    [fileKey, owner?.folder ?? null, owner?.userId ?? null],
  );
  const row = rows[0];
  if (row?.uploaded) return 'uploaded';
  if (!row || !storage.directUploads) return 'missing';
  // Bytes already copied to the file key by a confirmation whose transaction rolled back (the
  // caller refused for another reason) are taken again; else the presigned PUT's.
  const sizeOf = async (key: string) =>
    storage.size ? storage.size(tenant, key) : ((await storage.get(tenant, key))?.bytes.length ?? null);
  let source = fileKey;
  let size = await sizeOf(source);
  if (size === null) {
    source = incomingKey(fileKey);
    size = await sizeOf(source);
  }
  if (size === null) return 'missing';
  const refuse = async (error: 'file_too_large' | 'invalid_file_type') => {
    await storage.delete(tenant, source);
    return error;
  };
  // Size first, without reading: a presigned PUT admits any size.
  if (size > UPLOAD_FOLDERS[row.folder].maxBytes) return refuse('file_too_large');
  const object = await storage.get(tenant, source);
  if (!object) return 'missing';
  const checked = await checkUpload(row.folder, object.bytes);
  if ('error' in checked) return refuse(checked.error);
  if (checked.type !== row.declared_type) return refuse('invalid_file_type');
  if (source !== fileKey) {
    await storage.put(tenant, fileKey, object.bytes, checked.type);
    await storage.delete(tenant, source);
  }
  await sql.query(
    'UPDATE uploads SET uploaded_at = now(), content_type = $2, size_bytes = $3 WHERE file_key = $1',
    [fileKey, checked.type, object.bytes.length],
  );
  return 'uploaded';
}

/** URL path of an uploaded file, under /api/v1 (the uploads module serves it). */
export const filePathOf = (tenant: string, fileKey: string) => `/api/v1/Storages/Files/${tenant}/${fileKey}`;

/**
 * The file key of an uploaded file's URL (as `fileHttpUrl` gave it) when it names a file of this
 * tenant, else null. Does not check that the file exists (`isUploaded` does).
 */
export function fileKeyFromUrl(url: string, tenant: string): string | null {
  const match = /\/api\/v1\/Storages\/Files\/([a-z0-9-]+)\/([A-Za-z]+)\/([^/?#]+)$/.exec(url);
  if (!match || match[1] !== tenant || !isUploadFolder(match[2]!) || !FILE_NAME.test(match[3]!)) return null;
  return `${match[2]}/${match[3]}`;
}
