import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import * as css from '../health-records.css';
import { healthRecordsNs } from '../i18n/namespace';

interface ConfirmDialogProps {
  title: string;
  text: string;
  /** Runs the deletion; resolves to an error text to show, or null when done. */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}

/**
 * "Delete this …?" with Cancel (focused first) and Delete; stays open with the reason when it fails.
 */
export function ConfirmDialog({ title, text, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useNamespace(healthRecordsNs);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const failure = await onConfirm();
    setBusy(false);
    if (failure) setError(failure);
    else onClose();
  };
  return (
    <Dialog open title={title} onClose={onClose}>
      <p>{text}</p>
      {error && (
        <p role="alert" className={css.alert}>
          {error}
        </p>
      )}
      <div className={css.actions}>
        <button type="button" className={button.ghost} onClick={onClose}>
          {t('cancel')}
        </button>
        <button type="button" className={button.primary} onClick={confirm} disabled={busy}>
          {t(busy ? 'deleting' : 'confirmDelete')}
        </button>
      </div>
    </Dialog>
  );
}
