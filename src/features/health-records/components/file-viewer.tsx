import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { downloadPrivateFile, fetchPrivateFile } from '../../../lib/private-files';
import { showToast } from '../../../lib/toast/toast-store';
import * as css from '../health-records.css';
import { healthRecordsNs } from '../i18n/namespace';

/** A private file to show: its URL serves only with the owner's bearer token. */
export interface ViewableFile {
  fileName: string;
  contentType: string;
  fileHttpUrl: string;
}

/**
 * Shows a private file in a dialog: fetched with the bearer token into a blob URL (the CSP allows
 * blob: for img and frame), an image in <img>, a PDF in an <iframe>; the URL is revoked on close.
 */
export function FileViewer({ file, onClose }: { file: ViewableFile | null; onClose: () => void }) {
  const { t, ready } = useNamespace(healthRecordsNs);
  // The state of the file it was loaded for: another file shows as loading until its own arrives.
  const [loaded, setState] = useState<{ for: ViewableFile; url: string | null; failed: boolean } | null>(
    null,
  );
  const state = loaded && loaded.for === file ? loaded : { url: null, failed: false };

  useEffect(() => {
    if (!file) return;
    let live = true;
    let objectUrl: string | null = null;
    fetchPrivateFile(file.fileHttpUrl)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setState({ for: file, url: objectUrl, failed: false });
        else URL.revokeObjectURL(objectUrl);
      })
      .catch(() => live && setState({ for: file, url: null, failed: true }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);

  if (!file || !ready) return null;
  const download = () =>
    downloadPrivateFile(`${file.fileHttpUrl}&download=true`, file.fileName).catch(() =>
      showToast(t('fileFailed'), 'error'),
    );
  return (
    <Dialog open title={t('viewerTitle', { name: file.fileName })} onClose={onClose}>
      {state.failed ? (
        <p role="alert">{t('fileFailed')}</p>
      ) : !state.url ? (
        <p role="status">{t('loadingFile')}</p>
      ) : file.contentType.startsWith('image/') ? (
        <img className={css.viewer} src={state.url} alt={file.fileName} />
      ) : (
        <iframe className={css.frame} src={state.url} title={file.fileName}>
          {t('pdfFallback')}
        </iframe>
      )}
      <p>
        <button type="button" className={button.secondary} onClick={download}>
          {t('download', { name: file.fileName })}
        </button>
      </p>
    </Dialog>
  );
}
