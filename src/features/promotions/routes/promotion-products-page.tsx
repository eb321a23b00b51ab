import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatZonedDateTime } from '../../../../schemas/time';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card, page } from '../../../components/ui.css';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { useUserProductsQuery, type UserProduct } from '../api';
import { ActivateCodeForm } from '../components/activate-code-form';
import * as css from '../promotions.css';

const PATH = '/me/promotion-products';

function Product({ item, timeZone }: { item: UserProduct; timeZone: string }) {
  const { t } = useTranslation();
  const id = `user-product-${item.userProductId}`;
  return (
    <li className={`${card} ${item.spentAt ? css.spent : ''}`} aria-labelledby={id}>
      <h3 id={id}>{item.name}</h3>
      <p>{t(`promotions.kinds.${item.kind}`)}</p>
      <dl>
        <dt>{t('promotions.code')}</dt>
        <dd>{item.code}</dd>
        <dt>{t('promotions.status')}</dt>
        <dd>{item.spentAt ? t('promotions.spent') : t('promotions.unspent')}</dd>
        <dt>{t('promotions.activatedAt')}</dt>
        <dd>
          <time dateTime={item.activatedAt}>{formatZonedDateTime(item.activatedAt, timeZone)}</time>
        </dd>
        {item.spentAt && (
          <>
            <dt>{t('promotions.spentAt')}</dt>
            <dd>
              <time dateTime={item.spentAt}>{formatZonedDateTime(item.spentAt, timeZone)}</time>
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

/**
 * /me/promotion-products (feature `promoCodes`; spec section 7 "Promos and wallet"): activate a
 * gift (product) code, see the result, and the wallet of products, unspent first, 15 a page.
 */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const pageNumber = Math.max(1, Number(search.get('page')) || 1);
  const { timeZone } = useBookingRules();
  const {
    currentData: data,
    isFetching,
    isError,
    refetch,
  } = useUserProductsQuery(pageNumber, {
    refetchOnMountOrArgChange: true,
  });
  useDocumentTitle(t('promotions.title'));
  const list = data?.userProducts ?? [];
  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div className={css.stack}>
        <h1>{t('promotions.title')}</h1>
        <ActivateCodeForm />
        <h2 id="user-products-title">{t('promotions.walletTitle')}</h2>
        <QueryState
          isLoading={isFetching && !data}
          isError={isError}
          isEmpty={list.length === 0}
          onRetry={refetch}
          emptyText={t('promotions.empty')}
        >
          <ul className={css.list} aria-labelledby="user-products-title" data-testid="user-products">
            {list.map((item) => (
              <Product key={item.userProductId} item={item} timeZone={timeZone} />
            ))}
          </ul>
          {data && (
            <Pager pagination={data.pagination} hrefFor={(n) => `${PATH}${n > 1 ? `?page=${n}` : ''}`} />
          )}
        </QueryState>
      </div>
    </div>
  );
}
