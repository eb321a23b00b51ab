import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useIsClient } from '../lib/hooks/use-is-client';
import { dismissToast, getToasts, subscribeToasts, type Toast } from '../lib/toast/toast-store';
import * as css from './toast-region.css';

/**
 * Where toasts appear. Two live regions stay in the DOM from the start (screen readers only
 * announce changes to regions they already know): errors are assertive, the rest polite.
 * Rendered outside #root, which an open dialog makes inert, so toasts about a dialog are heard.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  // A portal needs document.body: none on the server, so none while hydrating its HTML either.
  const client = useIsClient();
  const render = (items: readonly Toast[]) =>
    items.map((toast) => (
      <div key={toast.id} className={css.toast[toast.kind]}>
        <p className={css.text}>{toast.message}</p>
        <button
          type="button"
          className={css.close}
          aria-label={t('app.close')}
          onClick={() => dismissToast(toast.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    ));
  if (!client) return null;
  return createPortal(
    <section className={css.region} aria-label={t('app.notifications')}>
      <div className={css.list} role="alert" aria-live="assertive">
        {render(toasts.filter((toast) => toast.kind === 'error'))}
      </div>
      <div className={css.list} role="status" aria-live="polite">
        {render(toasts.filter((toast) => toast.kind !== 'error'))}
      </div>
    </section>,
    document.body,
  );
}
