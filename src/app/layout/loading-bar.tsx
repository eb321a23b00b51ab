import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as css from './loading-bar.css';

/** Spec section 9: the bar appears only when a page takes longer than this to load. */
export const LOADING_BAR_DELAY_MS = 600;

/**
 * The top loading bar, rendered while a page's code loads (the Suspense fallback of each route);
 * it stays invisible for the first 600 ms so fast navigations do not flicker.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  return (
    <div className={css.track} role="progressbar" aria-label={t('app.pageLoading')}>
      <div className={css.bar} />
    </div>
  );
}
