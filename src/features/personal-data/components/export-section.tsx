import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { button, card, muted } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { showToast } from '../../../lib/toast/toast-store';
import { personalDataApi } from '../api';
import { downloadMyData } from '../download-my-data';
import { personalDataNs } from '../i18n/namespace';
import * as css from '../personal-data.css';

/** "Download all my data": the archive of every personal datum, fetched with the bearer token. */
export function ExportSection() {
  const { t } = useNamespace(personalDataNs);
  // Server message keys (too_many_requests) live in the main catalogue.
  const main = useTranslation().t;
  const dispatch = useDispatch();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadMyData('export.failed');
      showToast(t('export.done'), 'success');
    } catch (failure) {
      const key = (failure as Error).message;
      setError(main(key, { defaultValue: '' }) || t('export.failed'));
    } finally {
      setBusy(false);
      // The export is itself a logged read of the data.
      dispatch(personalDataApi.util.invalidateTags(['DataAccessLog']));
    }
  };

  return (
    <section className={`${card} ${css.stack}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('export.title')}</h2>
      <p className={muted}>{t('export.text')}</p>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={() => void download()} disabled={busy}>
          {busy ? t('export.preparing') : t('export.download')}
        </button>
      </div>
    </section>
  );
}
