import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Pagination } from '../../schemas/envelope';
import * as css from './pager.css';
import { pagerModel } from './pager-model';
import { visuallyHidden } from './ui.css';

interface PagerProps {
  pagination: Pagination;
  /** The URL of a page, so every page is a real, shareable link. */
  hrefFor: (page: number) => string;
}

/** "Showing x to y of z entries" with first/previous/page window/next/last links. */
export function Pager({ pagination, hrefFor }: PagerProps) {
  const { t } = useTranslation();
  const model = pagerModel(pagination);
  const step = (page: number, label: string, symbol: string, disabled: boolean) => (
    <li>
      {disabled ? (
        <span className={css.item} aria-disabled="true" title={label}>
          <span aria-hidden="true">{symbol}</span>
          <span className={visuallyHidden}>{label}</span>
        </span>
      ) : (
        <Link className={css.item} to={hrefFor(page)} aria-label={label} title={label}>
          <span aria-hidden="true">{symbol}</span>
        </Link>
      )}
    </li>
  );
  return (
    <div className={css.pager}>
      <p>{t('pager.showing', { from: model.from, to: model.to, total: model.total })}</p>
      {model.pageCount > 1 && (
        <nav aria-label={t('pager.label')}>
          <ul className={css.list}>
            {step(1, t('pager.first'), '«', model.current === 1)}
            {step(model.current - 1, t('pager.previous'), '‹', model.current === 1)}
            {model.pages.map((page) => (
              <li key={page}>
                <Link
                  className={css.item}
                  to={hrefFor(page)}
                  aria-label={t('pager.page', { page })}
                  aria-current={page === model.current ? 'page' : undefined}
                >
                  {page}
                </Link>
              </li>
            ))}
            {step(model.current + 1, t('pager.next'), '›', model.current === model.pageCount)}
            {step(model.pageCount, t('pager.last'), '»', model.current === model.pageCount)}
          </ul>
        </nav>
      )}
    </div>
  );
}
