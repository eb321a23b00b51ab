import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../components/ui.css';
import * as css from './boot-screens.css';

/** While the boot bundle loads: a spinner announced once as "loading". */
export function BootLoading() {
  const { t } = useTranslation();
  return (
    <main className={css.screen} aria-busy="true">
      <div role="status">
        <div className={css.spinner} aria-hidden="true" />
        {t('app.loading')}
      </div>
    </main>
  );
}

/** The boot request failed (offline, server down): say so and offer a retry. */
export function BootFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.bootFailedTitle');
  }, [t]);
  return (
    <main className={css.screen}>
      <div className={css.panel} role="alert">
        <h1>{t('app.bootFailedTitle')}</h1>
        <p>{t('app.bootFailedBody')}</p>
        <button type="button" className={button.primary} onClick={onRetry}>
          {t('app.retry')}
        </button>
      </div>
    </main>
  );
}

/** No tenant answers to this address: nothing of any tenant is shown. */
export function PortalNotFound() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.portalNotFoundTitle');
  }, [t]);
  return (
    <main className={css.screen}>
      <div className={css.panel}>
        <h1>{t('app.portalNotFoundTitle')}</h1>
        <p>{t('app.portalNotFoundBody')}</p>
      </div>
    </main>
  );
}
