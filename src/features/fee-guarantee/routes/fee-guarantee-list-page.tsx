import { Link, useSearchParams } from 'react-router-dom';
import type { Prefetch } from '../../../app/route-entry';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { button, page } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatZonedDateTime } from '../../../../schemas/time';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { feeGuaranteeApi, useFeeGuaranteesQuery, type FeeGuarantee } from '../api';
import { StatusText } from '../components/status-text';
import * as css from '../fee-guarantee.css';
import { feeGuaranteeNs } from '../i18n/namespace';
import { FEE_GUARANTEE_PATH, feeGuaranteePaths } from '../paths';

const pageOf = (search: URLSearchParams) => {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n > 0 && n < 100000 ? n : 1;
};

export const prefetch: Prefetch = (dispatch, { search }) => {
  void dispatch(feeGuaranteeApi.util.prefetch('feeGuarantees', { pageNumber: pageOf(search) }, {}));
};

/**
 * /me/fee-guarantee (feature `hospitalFeeGuarantee`): the caller's guarantee requests, newest
 * first, each with its status in words, and the way to a new request.
 */
export function Component() {
  const { t, i18n, ready } = useNamespace(feeGuaranteeNs);
  const [search] = useSearchParams();
  const pageNumber = pageOf(search);
  const { timeZone } = useBookingRules();
  const {
    currentData: data,
    isFetching,
    isError,
    refetch,
  } = useFeeGuaranteesQuery(
    { pageNumber },
    {
      refetchOnMountOrArgChange: true,
    },
  );
  useDocumentTitle(ready ? t('title') : '');
  const list = data?.feeGuarantees ?? [];

  const row = (f: FeeGuarantee) => (
    <li key={f.feeGuaranteeId} className={css.item}>
      <p>
        <Link to={feeGuaranteePaths.detail(f.feeGuaranteeId)}>
          {f.patientName} · {f.hospitalName}
        </Link>
      </p>
      <dl className={css.facts}>
        <dt className={css.term}>{t('fields.status')}</dt>
        <dd className={css.value}>
          <StatusText status={f.status} label={t(`statuses.${f.status}`)} />
        </dd>
        {f.appointmentNumber && (
          <>
            <dt className={css.term}>{t('fields.appointment')}</dt>
            <dd className={css.value}>{f.appointmentNumber}</dd>
          </>
        )}
        {f.approvedAmount !== null && (
          <>
            <dt className={css.term}>{t('fields.approvedAmount')}</dt>
            <dd className={css.value}>{formatVnd(f.approvedAmount, i18n.language)}</dd>
          </>
        )}
        <dt className={css.term}>{t('fields.createdAt')}</dt>
        <dd className={css.value}>
          <time dateTime={f.createdAt}>{formatZonedDateTime(f.createdAt, timeZone)}</time>
        </dd>
      </dl>
    </li>
  );

  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div className={css.stack}>
        <h1>{ready ? t('title') : '…'}</h1>
        {ready && (
          <>
            <p>{t('intro')}</p>
            <div className={css.actions}>
              <Link className={button.primary} to={feeGuaranteePaths.create()}>
                {t('newRequest')}
              </Link>
            </div>
            <QueryState
              isLoading={isFetching && !data}
              isError={isError}
              isEmpty={list.length === 0}
              onRetry={refetch}
              emptyText={t('empty')}
            >
              <ul className={css.list} aria-label={t('listLabel')}>
                {list.map(row)}
              </ul>
              {data && (
                <Pager
                  pagination={data.pagination}
                  hrefFor={(n) => (n > 1 ? `${FEE_GUARANTEE_PATH}?page=${n}` : FEE_GUARANTEE_PATH)}
                />
              )}
            </QueryState>
          </>
        )}
      </div>
    </div>
  );
}
