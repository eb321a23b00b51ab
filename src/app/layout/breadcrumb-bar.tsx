import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { container } from '../../components/ui.css';
import type { Crumb } from '../../../schemas/routes';
import * as css from './breadcrumb-bar.css';

/** The breadcrumb trail of a page whose route defines one; the last step is the page itself. */
export function BreadcrumbBar({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  if (crumbs.length === 0) return null;
  return (
    <nav className={css.bar} aria-label={t('breadcrumb.label')}>
      <ol className={`${container} ${css.list}`}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.labelKey}>
              {index > 0 && (
                <span className={css.separator} aria-hidden="true">
                  ›
                </span>
              )}
              {last || !crumb.to ? (
                <span className={css.current} aria-current={last ? 'page' : undefined}>
                  {t(crumb.labelKey)}
                </span>
              ) : (
                <Link to={crumb.to}>{t(crumb.labelKey)}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
