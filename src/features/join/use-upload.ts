import type { UploadFolder } from '../../../schemas/discovery';
import { putFile } from '../../lib/file-put';
import { useUploadUrlsMutation } from './api';
import { uploadError } from './upload-rules';

/**
 * Uploads files through the storage flow: ask for one upload URL per file, PUT each file with its
 * content type, and return the public fileHttpUrl of each. Throws the message key of a failure.
 */
export function useUpload() {
  const [getUrls] = useUploadUrlsMutation();
  return async (files: File[], folder: UploadFolder): Promise<string[]> => {
    for (const file of files) {
      const refused = uploadError(file, folder);
      if (refused) throw new Error(refused);
    }
    const reply = await getUrls({
      files: files.map((file) => ({
        fileType: file.type as 'image/jpeg' | 'image/png' | 'application/pdf',
        fileName: file.name.slice(0, 200) || 'file',
        folderName: folder,
      })),
    })
      .unwrap()
      .catch((error: { data?: { errors?: string[] } }) => {
        throw new Error(error.data?.errors?.[0] ?? 'attachment_file_error');
      });
    return Promise.all(
      reply.fileUploads.map(async (target, index) => {
        const body = (await putFile(target.uploadUrl, files[index]!, 'attachment_file_error')) as {
          fileHttpUrl?: string;
          data?: { fileHttpUrl?: string };
        } | null;
        return body?.data?.fileHttpUrl ?? body?.fileHttpUrl ?? target.fileHttpUrl;
      }),
    );
  };
}
