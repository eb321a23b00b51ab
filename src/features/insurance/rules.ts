import { MAX_CLAIM_DOCUMENTS } from '../../../schemas/insurance-rules';
import { fileRuleError, folderRule } from '../../lib/private-files';

/** Claim files (spec section 5): JPG/JPEG/PNG/PDF under 2 MB, 1 to 5 documents; ID sides images only. */
export const CLAIM_FOLDER = 'InsuranceClaims';
export const CARD_FOLDER = 'InsuranceCards';
const DOCUMENT_RULE = folderRule(CLAIM_FOLDER, { maxFiles: MAX_CLAIM_DOCUMENTS });
const IMAGE_RULE = folderRule(CARD_FOLDER, { maxFiles: 1 });
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** The message key refusing the claim documents, else null (the server checks the same). */
export const documentsError = (files: Pick<File, 'type' | 'size'>[]): string | null =>
  files.length === 0 ? 'upload_claim_documents' : fileRuleError(files, DOCUMENT_RULE);

/**
 * The message key refusing one image (an ID side or a card photo), else null; `missingKey` when
 * there is none and one is required.
 */
export function imageError(
  file: Pick<File, 'type' | 'size'> | undefined,
  missingKey?: string,
): string | null {
  if (!file) return missingKey ?? null;
  const error = fileRuleError([file], IMAGE_RULE);
  return error === 'invalid_file_type' ? 'id_images_only' : error;
}
