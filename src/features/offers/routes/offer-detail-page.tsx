import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { button, card, muted, page } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { OfferRule } from '../../../components/offer-rule';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { usePromoDetailQuery } from '../api';

const idOf = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) && value !== '0' ? Number(value) : null;

/** Coupon Detail (/offer-detail/{id}): code, its whole rule (discount, cap, minimum, visit kinds, validity), a copy button. */
export function Component() {
  const { t } = useTranslation();
  const id = idOf(useParams().id);
  const { data, isLoading, error, refetch } = usePromoDetailQuery(id ?? 0, { skip: id === null });
  const [copied, setCopied] = useState(false);
  const missing = id === null || (!!error && 'status' in error && error.status === 404);
  usePageMeta(
    missing ? t('offer.notFound') : (data?.title ?? t('offer.title')),
    data?.description || t('offer.description'),
  );
  if (missing) {
    return (
      <div className={page}>
        <h1>{t('offer.notFound')}</h1>
        <Link to={paths.home}>{t('notFound.home')}</Link>
      </div>
    );
  }
  return (
    <div className={page}>
      <QueryState isLoading={isLoading} isError={!!error} isEmpty={!data} onRetry={refetch} skeletons={2}>
        {data && (
          <article className={card} aria-labelledby="offer-title">
            <p className={muted}>{t('offer.title')}</p>
            <h1 id="offer-title">{data.title}</h1>
            <p>{data.description}</p>
            <dl>
              <dt>{t('offer.code')}</dt>
              <dd>
                <strong>{data.code}</strong>{' '}
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() => void navigator.clipboard?.writeText(data.code).then(() => setCopied(true))}
                >
                  {copied ? t('offer.copied') : t('offer.copy')}
                </button>
              </dd>
              <dt>{t('offer.rule')}</dt>
              <dd>
                <OfferRule rule={data} />
              </dd>
            </dl>
            {data.doctorId && <Link to={paths.doctorDetail(data.doctorId)}>{t('offer.doctor')}</Link>}
          </article>
        )}
      </QueryState>
    </div>
  );
}
