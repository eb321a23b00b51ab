import { MAX_UPLOAD_FILES, UPLOAD_FOLDERS, type UploadFolder } from '../../../schemas/codes';

/** Whether a schema's `x-upload` names a known storage folder. */
export const isUploadFolder = (value: unknown): value is UploadFolder =>
  typeof value === 'string' && value in UPLOAD_FOLDERS;

/**
 * The message key refusing a file for a folder (spec section 5: JPG/JPEG/PNG/PDF under 2 MB,
 * PDF-only folders under 5 MB), or null when it is accepted. The server checks the same.
 */
export function uploadError(file: Pick<File, 'type' | 'size'>, folder: UploadFolder): string | null {
  const rule = UPLOAD_FOLDERS[folder];
  if (!(rule.types as readonly string[]).includes(file.type)) return 'invalid_file_type';
  if (file.size > rule.maxBytes) return 'file_too_large';
  return null;
}

/** The message key refusing a set of files (at most MAX_UPLOAD_FILES in one field), else null. */
export function uploadCountError(count: number, max = MAX_UPLOAD_FILES): string | null {
  return count > max ? 'too_many_files' : null;
}

/** The accept attribute of a file input for a folder. */
export const acceptOf = (folder: UploadFolder) => UPLOAD_FOLDERS[folder].types.join(',');
