import { Dialog } from '../../../components/dialog';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { videoCallNs } from '../i18n/namespace';

/**
 * Shown when the browser refused the camera or microphone (spec section 4: a help dialog with
 * instructions when a permission is denied): each browser's steps to allow them again.
 */
export function PermissionHelp({
  open,
  onClose,
  onRetry,
}: {
  open: boolean;
  onClose(): void;
  onRetry(): void;
}) {
  const { t } = useNamespace(videoCallNs);
  return (
    <Dialog open={open} title={t('help.title')} onClose={onClose}>
      <p>{t('help.intro')}</p>
      <ul>
        <li>{t('help.chrome')}</li>
        <li>{t('help.firefox')}</li>
        <li>{t('help.safari')}</li>
        <li>{t('help.system')}</li>
      </ul>
      <button type="button" className={button.primary} onClick={onRetry}>
        {t('help.retry')}
      </button>
    </Dialog>
  );
}
