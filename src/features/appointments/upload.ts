import { MAX_UPLOAD_FILES } from '../../../schemas/codes';
import { useAddAttachmentsMutation, useAttachmentUploadUrlsMutation } from './api';

/** The storage folder of appointment attachments (schemas/appointments.ts). */
export const ATTACHMENT_FOLDER = 'Attachments';
/** Spec section 5: JPG, JPEG, PNG, PDF under 2 MB, at most 5 files. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

/** The message key refusing a set of files, else null (the server checks the same). */
export function attachmentFileError(files: Pick<File, 'type' | 'size'>[]): string | null {
  if (files.length > MAX_UPLOAD_FILES) return 'too_many_files';
  for (const file of files) {
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'invalid_file_type';
    if (file.size > ATTACHMENT_MAX_BYTES) return 'file_too_large';
  }
  return null;
}

const firstError = (body: unknown): string | undefined =>
  (body as { errors?: string[] | null } | null)?.errors?.[0] ??
  (body as { codeMessageRespond?: string | null } | null)?.codeMessageRespond ??
  undefined;

/**
 * Adds files to an appointment through the storage flow (spec section 7, "File upload"): one
 * upload URL per file, a PUT of each, then AddAttachments with their public URLs. Throws an Error
 * whose message is the message key of the failure.
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
