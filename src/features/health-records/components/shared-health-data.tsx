import { useState } from 'react';
import { button, muted } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { downloadPrivateFile } from '../../../lib/private-files';
import { formatZonedDateTime } from '../../../../schemas/time';
import { showToast } from '../../../lib/toast/toast-store';
import { useSharedHealthDataQuery } from '../api';
import * as css from '../health-records.css';
import { healthRecordsNs } from '../i18n/namespace';
import { FileViewer, type ViewableFile } from './file-viewer';
import { RecordCard } from './record-card';

/**
 * On an appointment's page: the health records the patient shared with the doctor while booking
 * and the results the care side attached (each opened inline or downloaded, owner's token only).
 */
export function SharedHealthData({ appointmentId, timeZone }: { appointmentId: number; timeZone: string }) {
  const { t, ready } = useNamespace(healthRecordsNs);
  const { data, isError } = useSharedHealthDataQuery(appointmentId);
  const [viewing, setViewing] = useState<ViewableFile | null>(null);
  if (!ready) return null;
  const download = (file: ViewableFile) =>
    downloadPrivateFile(`${file.fileHttpUrl}&download=true`, file.fileName).catch(() =>
      showToast(t('fileFailed'), 'error'),
    );
  return (
    <>
      <section className={css.section} aria-labelledby="shared-records-title">
        <h2 id="shared-records-title">{t('sharedTitle')}</h2>
        {isError ? null : data && data.healthRecords.length > 0 ? (
          <ul className={css.list}>
            {data.healthRecords.map((record) => (
              <li key={record.healthRecordId}>
                <RecordCard record={record} timeZone={timeZone} onView={setViewing} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={muted}>{data ? t('noShared') : t('loadingFile')}</p>
        )}
      </section>
      <section className={css.section} aria-labelledby="results-title">
        <h2 id="results-title">{t('resultsTitle')}</h2>
        {data && data.results.length > 0 ? (
          <ul className={css.files}>
            {data.results.map((result) => (
              <li key={result.resultId} className={css.file}>
                <span className={css.fileName}>
                  <strong>{result.title}</strong> ({result.fileName},{' '}
                  <time dateTime={result.createdAt}>{formatZonedDateTime(result.createdAt, timeZone)}</time>,{' '}
                  {t('by', { name: result.createdBy })})
                </span>
                <span className={css.actions}>
                  <button
                    type="button"
                    className={`${button.secondary} ${css.small}`}
                    aria-label={t('view', { name: result.title })}
                    onClick={() => setViewing(result)}
                  >
                    {t('view', { name: '' }).trim()}
                  </button>
                  <button
                    type="button"
                    className={`${button.ghost} ${css.small}`}
                    aria-label={t('download', { name: result.title })}
                    onClick={() => download(result)}
                  >
                    {t('download', { name: '' }).trim()}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={muted}>{data ? t('noResults') : ''}</p>
        )}
      </section>
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
