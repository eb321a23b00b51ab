import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { doctorListUrl, paths } from '../../../../schemas/paths';
import { QueryState } from '../../../components/query-state';
import { card, page } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { formatZonedDateTime } from '../../../../schemas/time';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { mergeUser, readUser } from '../../../lib/user-storage';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { usePurchaseQuery, type Purchase } from '../api';
import * as css from '../membership.css';

/**
 * A program joined now joins the header's programs menu at once (the login reply's
 * listHealthProgram, kept with the stored user), not only at the next sign-in.
 */
function useJoinedProgram(purchase: Purchase | undefined) {
  useEffect(() => {
    if (purchase?.status !== 'paid' || purchase.packageType !== 'healthProgram') return;
    const list = readUser()?.listHealthProgram ?? [];
    if (!list.some((p) => p.id === purchase.packageId))
      mergeUser({ listHealthProgram: [...list, { id: purchase.packageId, name: purchase.name }] });
  }, [purchase]);
}

/** Where to go from the outcome: use what was bought, or back to what is on sale. */
function NextLink({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation();
  if (purchase.status !== 'paid') return <Link to={paths.membership}>{t('membership.result.back')}</Link>;
  if (purchase.packageType === 'membership')
    return <Link to={paths.directCall}>{t('membership.result.callNow')}</Link>;
  if (purchase.packageType === 'iomt')
    return <Link to={paths.servicePackages}>{t('membership.result.iomt')}</Link>;
  return (
    <Link to={doctorListUrl({ servicetype: 4, healthProgramId: purchase.packageId })}>
      {t('membership.result.programDoctors')}
    </Link>
  );
}

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
  useJoinedProgram(purchase);
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone);
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
                <dt>{t('membership.result.number')}</dt>
                <dd>PU{purchase.purchaseId}</dd>
              </div>
              <div className={css.row}>
                <dt>{t('membership.result.package')}</dt>
                <dd>{purchase.name}</dd>
              </div>
              {purchase.paidAt && (
                <div className={css.row}>
                  <dt>{t('membership.result.paidAt')}</dt>
                  <dd>
                    <time dateTime={purchase.paidAt}>{formatZonedDateTime(purchase.paidAt, timeZone)}</time>
                  </dd>
                </div>
              )}
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
            {purchase.paidAt && zoneLabel && <p>{t('membership.zone', { zone: zoneLabel })}</p>}
            <p>
              <NextLink purchase={purchase} />
            </p>
          </div>
        )}
      </QueryState>
    </div>
  );
}
