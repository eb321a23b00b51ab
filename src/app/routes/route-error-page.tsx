import { useTranslation } from 'react-i18next';
import { button, page } from '../../components/ui.css';

/**
 * Shown when a page cannot render, most often because its code chunk is gone after a deploy:
 * a reload fetches the new build.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className={page} role="alert">
      <h1>{t('something_went_wrong')}</h1>
      <p>{t('state.error')}</p>
      <button type="button" className={button.primary} onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </div>
  );
}
