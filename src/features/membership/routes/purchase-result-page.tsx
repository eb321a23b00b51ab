import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../../schemas/paths';
import { QueryState } from '../../../components/query-state';
import { card, page } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { usePurchaseQuery, type Purchase } from '../api';
import * as css from '../membership.css';

/** How often the page asks again while the bank's answer (the IPN) has not arrived. */
const PENDING_POLL_MS = 2000;

/**
 * A purchase's outcome (spec section 4: membership registration success or fail). The purchase's
 * own state is shown, never what the bank's return URL said: the IPN is the truth, so a pending
 * purchase is asked again until it settles.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const purchaseId = Number(useParams().purchaseId) || 0;
  const pending = (p: Purchase | undefined) => p?.status === 'pending';
  const query = usePurchaseQuery(purchaseId, { skip: !purchaseId, refetchOnMountOrArgChange: true });
  usePurchaseQuery(purchaseId, { skip: !pending(query.data), pollingInterval: PENDING_POLL_MS });
  const purchase = query.data;
  const title = purchase ? t(`membership.result.${purchase.status}.title`) : t('membership.result.title');
  useDocumentTitle(title);
  return (
    <div className={page}>
      <h1>{title}</h1>
      <QueryState
        isLoading={query.isLoading}
        isError={query.isError || !purchaseId}
        isEmpty={false}
        onRetry={() => void query.refetch()}
      >
        {purchase && (
          <div className={card} role={purchase.status === 'pending' ? 'status' : undefined}>
            <p>{t(`membership.result.${purchase.status}.text`, { name: purchase.name })}</p>
            {purchase.status === 'paid' && purchase.effect && (
              <p>{t(`membership.effect.${purchase.effect}`)}</p>
            )}
            <dl className={css.facts}>
              <div className={css.row}>
                <dt>{t('membership.result.package')}</dt>
                <dd>{purchase.name}</dd>
              </div>
              <div className={css.row}>
                <dt>{t('membership.price')}</dt>
                <dd>{formatVnd(purchase.amount, i18n.language)}</dd>
              </div>
              {purchase.walletAmount > 0 && (
                <div className={css.row}>
                  <dt>{t('membership.result.fromWallet')}</dt>
                  <dd>{formatVnd(purchase.walletAmount, i18n.language)}</dd>
                </div>
              )}
            </dl>
            <p>
              {purchase.status === 'paid' && purchase.packageType === 'membership' ? (
                <Link to={paths.directCall}>{t('membership.result.callNow')}</Link>
              ) : (
                <Link to={paths.membership}>{t('membership.result.back')}</Link>
              )}
            </p>
          </div>
        )}
      </QueryState>
    </div>
  );
}
