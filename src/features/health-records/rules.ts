import { fileRuleError, folderRule } from '../../lib/private-files';

/** Files of a health record: JPG/JPEG/PNG/PDF, at most 2 MB each, 1 to 5 (spec section 5). */
export const HEALTH_RECORD_FOLDER = 'HealthRecords';
export const HEALTH_RECORD_RULE = folderRule(HEALTH_RECORD_FOLDER, { maxFiles: 5 });
/** What the file picker offers (JPG and JPEG are both image/jpeg). */
export const HEALTH_RECORD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** The message key refusing a record's files, else null (the server checks the same). */
export const healthRecordFileError = (files: Pick<File, 'type' | 'size'>[]): string | null =>
  files.length === 0 ? 'health_record_file_required' : fileRuleError(files, HEALTH_RECORD_RULE);
