import { ATTACHMENT_IMAGE_MAX_BYTES } from '../../../schemas/codes';
import {
  downloadPrivateFile,
  fileRuleError,
  firstErrorKey,
  folderRule,
  useUploadFiles,
} from '../../lib/private-files';
import { useAddAttachmentsMutation } from './api';

/** The storage folder of appointment attachments (schemas/appointments.ts). */
export const ATTACHMENT_FOLDER = 'Attachments';
/** JPG/PNG under 2 MB, PDF under 5 MB, at most 5 files (the server checks the same). */
const RULE = folderRule(ATTACHMENT_FOLDER, { maxImageBytes: ATTACHMENT_IMAGE_MAX_BYTES });
/** JPG, PNG or PDF. */
export const ATTACHMENT_TYPES: readonly string[] = RULE.types;

/**
 * The message key refusing a set of files, else null (the server checks the same): JPG/PNG
 * under 2 MB, PDF under 5 MB, at most 5 files.
 */
export const attachmentFileError = (files: Pick<File, 'type' | 'size'>[]): string | null =>
  fileRuleError(files, RULE);

/**
 * Adds files to an appointment through the storage flow (src/lib/private-files.ts), then
 * AddAttachments with their URLs. Throws an Error whose message is the message key of the failure.
 */
export function useAddAttachments() {
  const upload = useUploadFiles(ATTACHMENT_FOLDER, 'attachment_file_error');
  const [addAttachments] = useAddAttachmentsMutation();
  return async (appointmentId: number, files: File[]): Promise<void> => {
    const urls = await upload(files);
    const result = await addAttachments({
      appointmentId,
      files: urls.map((fileHttpUrl) => ({ fileHttpUrl })),
    });
    const reply = 'data' in result ? result.data : (result.error as { data?: unknown }).data;
    if (!(reply as { isSuccess?: boolean } | undefined)?.isSuccess)
      throw new Error(firstErrorKey(reply) ?? 'attachment_file_error');
  };
}

/**
 * Opens a private attachment: its URL serves only with the owner's bearer token, so the file is
 * fetched here and handed to the browser as a download.
 */
export const downloadAttachment = (url: string, fileName: string): Promise<void> =>
  downloadPrivateFile(url, fileName, 'attachment_file_error');
