import { fileTypeFromBuffer } from 'file-type';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_FOLDERS, type UploadFolder } from '../../../schemas/discovery';

/** Uploaded files on disk: DATA_DIR/uploads/<tenant>/<folder>/<uuid>.<ext> (the embedded default). */

export const UPLOAD_TTL_MINUTES = 15;
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

/** The absolute path of a tenant's file key under the uploads root. */
export function filePath(root: string, tenant: string, fileKey: string): string {
  return path.join(root, 'uploads', tenant, ...fileKey.split('/'));
}

/** Writes a file atomically (temporary name, then rename), creating folders as needed. */
export async function storeFile(root: string, tenant: string, fileKey: string, body: Buffer): Promise<void> {
  const target = filePath(root, tenant, fileKey);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.part`;
  await writeFile(temporary, body, { flag: 'wx' });
  await rename(temporary, target);
}

export const readStoredFile = (root: string, tenant: string, fileKey: string) =>
  readFile(filePath(root, tenant, fileKey));
