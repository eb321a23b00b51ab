import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { downloadPrivateFile } from '../../../lib/private-files';
import { formatZonedDate } from '../../../../schemas/time';
import { showToast } from '../../../lib/toast/toast-store';
import type { HealthRecord, HealthRecordFile } from '../api';
import * as css from '../health-records.css';
import { healthRecordsNs } from '../i18n/namespace';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface RecordCardProps {
  record: HealthRecord;
  timeZone: string;
  onView: (file: HealthRecordFile) => void;
  /** Absent: no deleting (e.g. a record shown on an appointment). */
  onDeleteFile?: (file: HealthRecordFile) => void;
  onDeleteRecord?: (record: HealthRecord) => void;
}

/** One record: name, type, whose, date, remark, and its files (view, download, delete). */
export function RecordCard({ record, timeZone, onView, onDeleteFile, onDeleteRecord }: RecordCardProps) {
  const { t } = useNamespace(healthRecordsNs);
  const titleId = `health-record-${record.healthRecordId}`;
  const lastFile = record.files.length <= 1;
  const download = (file: HealthRecordFile) =>
    downloadPrivateFile(`${file.fileHttpUrl}&download=true`, file.fileName).catch(() =>
      showToast(t('fileFailed'), 'error'),
    );
  return (
    <article className={css.record} aria-labelledby={titleId}>
      <h3 id={titleId} className={css.recordTitle}>
        {record.recordName}
      </h3>
      <dl className={css.facts}>
        <div>
          <dt className={css.term}>{t('type')}</dt>
          <dd className={css.value}>{t(`types.${record.healthRecordType}`)}</dd>
        </div>
        <div>
          <dt className={css.term}>{t('patient')}</dt>
          <dd className={css.value}>{record.patientName}</dd>
        </div>
        <div>
          <dt className={css.term}>{t('createdAt')}</dt>
          <dd className={css.value}>
            <time dateTime={record.createdAt}>{formatZonedDate(record.createdAt, timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt className={css.term}>{t('remark')}</dt>
          <dd className={css.value}>{record.remark}</dd>
        </div>
      </dl>
      <ul className={css.files} aria-label={t('filesOf', { name: record.recordName })}>
        {record.files.map((file) => (
          <li key={file.fileId} className={css.file}>
            <span className={css.fileName}>
              {file.fileName} ({sizeText(file.sizeBytes)})
            </span>
            <span className={css.actions}>
              <button
                type="button"
                className={`${button.secondary} ${css.small}`}
                aria-label={t('view', { name: file.fileName })}
                onClick={() => onView(file)}
              >
                {t('view', { name: '' }).trim()}
              </button>
              <button
                type="button"
                className={`${button.ghost} ${css.small}`}
                aria-label={t('download', { name: file.fileName })}
                onClick={() => download(file)}
              >
                {t('download', { name: '' }).trim()}
              </button>
              {onDeleteFile && !lastFile && (
                <button
                  type="button"
                  className={`${button.ghost} ${css.small}`}
                  aria-label={t('deleteFile', { name: file.fileName })}
                  onClick={() => onDeleteFile(file)}
                >
                  {t('deleteFile', { name: '' }).trim()}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {onDeleteFile && lastFile && <p className={css.term}>{t('lastFile')}</p>}
      {onDeleteRecord && (
        <button type="button" className={button.ghost} onClick={() => onDeleteRecord(record)}>
          {t('deleteRecord')}
        </button>
      )}
    </article>
  );
}
