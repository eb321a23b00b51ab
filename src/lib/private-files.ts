import { MAX_UPLOAD_FILES, UPLOAD_FOLDERS, type UploadFolder } from '../../schemas/codes';
import { baseApi, unwrap } from './api';
import { firstErrorKey, putFile } from './file-put';
import { commonHeaders } from './request-headers';
import { readUser } from './user-storage';

/**
 * Files of the private upload folders (spec section 7, "File upload"), for any feature: the
 * checks a form makes before sending (the server makes the same), the upload itself (one URL per
 * file from Storages/GetUploadUrls, then a PUT of the bytes) and reading a file back, which only
 * the owner's bearer token may do.
 */

export { firstErrorKey } from './file-put';

export interface UploadTarget {
  uploadUrl: string;
  fileHttpUrl: string;
}

export interface FileRule {
  types: readonly string[];
  maxBytes: number;
  maxFiles?: number;
  /** Images above this many bytes are refused even when the folder admits larger PDFs. */
  maxImageBytes?: number;
}

/** A folder's rule from schemas/codes.ts (types and size), at most MAX_UPLOAD_FILES files. */
export const folderRule = (folder: UploadFolder, extra: Partial<FileRule> = {}): FileRule => ({
  types: UPLOAD_FOLDERS[folder].types,
  maxBytes: UPLOAD_FOLDERS[folder].maxBytes,
  maxFiles: MAX_UPLOAD_FILES,
  ...extra,
});

/**
 * The message key refusing a set of files, else null: `max_5_files` (more than the rule's
 * count), `invalid_file_type` (by the declared type; the server sniffs the bytes),
 * `file_too_large`.
 */
export function fileRuleError(files: Pick<File, 'type' | 'size'>[], rule: FileRule): string | null {
  if (files.length > (rule.maxFiles ?? MAX_UPLOAD_FILES)) return 'max_5_files';
  for (const file of files) {
    if (!rule.types.includes(file.type)) return 'invalid_file_type';
    const max =
      file.type.startsWith('image/') && rule.maxImageBytes !== undefined ? rule.maxImageBytes : rule.maxBytes;
    if (file.size > max) return 'file_too_large';
  }
  return null;
}

const storageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    privateUploadUrls: build.mutation<
      { fileUploads: UploadTarget[] },
      { files: { fileType: string; fileName: string; folderName: string }[] }
    >({
      query: (body) => ({ url: 'Storages/GetUploadUrls', method: 'POST', body }),
      transformResponse: unwrap<{ fileUploads: UploadTarget[] }>,
      extraOptions: { silent: true },
    }),
  }),
});

/**
 * Uploads files to a folder: returns their `fileHttpUrl`s in order, for the feature's own
 * create call. Throws an Error whose message is the message key of the failure (`fallbackKey`
 * when the server gave none).
 */
export function useUploadFiles(folder: UploadFolder, fallbackKey = 'upload_failed') {
  const [getUrls] = storageApi.usePrivateUploadUrlsMutation();
  return async (files: File[]): Promise<string[]> => {
    const granted = await getUrls({
      files: files.map((file) => ({
        fileType: file.type,
        fileName: file.name.slice(0, 200) || 'file',
        folderName: folder,
      })),
    })
      .unwrap()
      .catch((error: { data?: unknown }) => {
        throw new Error(firstErrorKey(error.data) ?? fallbackKey);
      });
    return Promise.all(
      granted.fileUploads.map(async (target, index) => {
        const body = (await putFile(target.uploadUrl, files[index]!, fallbackKey)) as {
          data?: { fileHttpUrl?: string };
        } | null;
        return body?.data?.fileHttpUrl ?? target.fileHttpUrl;
      }),
    );
  };
}

/** A private file's bytes, fetched with the signed-in user's bearer token (never a public URL). */
export async function fetchPrivateFile(url: string, fallbackKey = 'file_unavailable'): Promise<Blob> {
  const headers: Record<string, string> = { ...commonHeaders() };
  delete headers['Content-Type'];
  headers.Accept = '*/*';
  const token = readUser()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(fallbackKey);
  return response.blob();
}

/** Hands a private file to the browser as a download named `fileName`. */
export async function downloadPrivateFile(
  url: string,
  fileName: string,
  fallbackKey?: string,
): Promise<void> {
  const objectUrl = URL.createObjectURL(await fetchPrivateFile(url, fallbackKey));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
