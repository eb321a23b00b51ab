import { ATTACHMENT_IMAGE_MAX_BYTES, MAX_UPLOAD_FILES, UPLOAD_FOLDERS } from '../../../schemas/codes';
import { commonHeaders } from '../../lib/request-headers';
import { readUser } from '../../lib/user-storage';
import { useAddAttachmentsMutation, useAttachmentUploadUrlsMutation } from './api';

/** The storage folder of appointment attachments (schemas/appointments.ts). */
export const ATTACHMENT_FOLDER = 'Attachments';
const RULE = UPLOAD_FOLDERS.Attachments;
/** JPG, PNG or PDF. */
export const ATTACHMENT_TYPES: readonly string[] = RULE.types;

/**
 * The message key refusing a set of files, else null (the server checks the same): JPG/PNG
 * under 2 MB, PDF under 5 MB, at most 5 files.
 */
export function attachmentFileError(files: Pick<File, 'type' | 'size'>[]): string | null {
  if (files.length > MAX_UPLOAD_FILES) return 'max_5_files';
  for (const file of files) {
    if (!ATTACHMENT_TYPES.includes(file.type)) return 'invalid_file_type';
    const max = file.type === 'application/pdf' ? RULE.maxBytes : ATTACHMENT_IMAGE_MAX_BYTES;
    if (file.size > max) return 'file_too_large';
  }
  return null;
}

const firstError = (body: unknown): string | undefined =>
  (body as { errors?: string[] | null } | null)?.errors?.[0] ??
  (body as { codeMessageRespond?: string | null } | null)?.codeMessageRespond ??
  undefined;

/**
 * Adds files to an appointment through the storage flow (spec section 7, "File upload"): one
 * upload URL per file, a PUT of each, then AddAttachments with their URLs. Throws an Error whose
 * message is the message key of the failure.
 */
export function useAddAttachments() {
  const [getUrls] = useAttachmentUploadUrlsMutation();
  const [addAttachments] = useAddAttachmentsMutation();
  return async (appointmentId: number, files: File[]): Promise<void> => {
    const granted = await getUrls({
      files: files.map((file) => ({
        fileType: file.type,
        fileName: file.name.slice(0, 200) || 'file',
        folderName: ATTACHMENT_FOLDER,
      })),
    })
      .unwrap()
      .catch((error: { data?: unknown }) => {
        throw new Error(firstError(error.data) ?? 'attachment_file_error');
      });
    const urls = await Promise.all(
      granted.fileUploads.map(async (target, index) => {
        const file = files[index]!;
        const response = await fetch(target.uploadUrl, {
          method: 'PUT',
          headers: { 'Content-Type': file.type },
          body: file,
        });
        const body = (await response.json().catch(() => null)) as {
          data?: { fileHttpUrl?: string };
        } | null;
        if (!response.ok) throw new Error(firstError(body) ?? 'attachment_file_error');
        return body?.data?.fileHttpUrl ?? target.fileHttpUrl;
      }),
    );
    const result = await addAttachments({
      appointmentId,
      files: urls.map((fileHttpUrl) => ({ fileHttpUrl })),
    });
    const reply = 'data' in result ? result.data : (result.error as { data?: unknown }).data;
    if (!(reply as { isSuccess?: boolean } | undefined)?.isSuccess)
      throw new Error(firstError(reply) ?? 'attachment_file_error');
  };
}

/**
 * Opens a private attachment: its URL serves only with the owner's bearer token, so the file is
 * fetched here and handed to the browser as a download.
 */
export async function downloadAttachment(url: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = { ...commonHeaders() };
  delete headers['Content-Type'];
  headers.Accept = '*/*';
  const token = readUser()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error('attachment_file_error');
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
