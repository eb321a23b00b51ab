import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as css from './layout.css';

export const MAIN_ID = 'main-content';

/** The first focusable element: jumps keyboard users past the header to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  // Focus the target directly: a hash change would be seen by the router as a navigation.
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a className={css.skipLink} href={`#${MAIN_ID}`} onClick={onClick}>
      {t('app.skipToContent')}
    </a>
  );
}
