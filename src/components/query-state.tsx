import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as css from './query-state.css';
import { button, visuallyHidden } from './ui.css';

interface QueryStateProps {
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  onRetry?: () => void;
  /** The text shown when the list is empty. */
  emptyText?: string;
  /** How many placeholder blocks to show while loading. */
  skeletons?: number;
  children: ReactNode;
}

/**
 * The designed loading, error and empty states shared by every data-driven block: skeletons
 * announced as "loading", an error with a retry button, or an empty-state sentence.
 */
export function QueryState({
  isLoading,
  isError,
  isEmpty,
  onRetry,
  emptyText,
  skeletons = 3,
  children,
}: QueryStateProps) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <div role="status">
        <span className={visuallyHidden}>{t('state.loading')}</span>
        <ul className={css.skeletonList} aria-hidden="true">
          {Array.from({ length: skeletons }, (_, i) => (
            <li key={i} className={css.skeleton} />
          ))}
        </ul>
      </div>
    );
  }
  if (isError) {
    return (
      <div className={css.errorMessage} role="alert">
        <p>{t('state.error')}</p>
        {onRetry && (
          <button type="button" className={button.secondary} onClick={onRetry}>
            {t('state.retry')}
          </button>
        )}
      </div>
    );
  }
  if (isEmpty) return <p className={css.message}>{emptyText ?? t('state.empty')}</p>;
  return <>{children}</>;
}
