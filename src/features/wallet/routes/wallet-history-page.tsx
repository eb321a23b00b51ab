import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DATE_FILTERS, type DateFilter } from '../../../../schemas/codes';
import { paths } from '../../../../schemas/paths';
import type { Prefetch } from '../../../app/route-entry';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { page } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { formatZonedDateTime } from '../../../../schemas/time';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { useWalletHistoryQuery, walletApi, type WalletHistory, type WalletHistoryArgs } from '../api';
import { WALLET_PATH, walletArgsOf, walletSearchOf } from '../list-params';
import * as css from '../wallet.css';

export const prefetch: Prefetch = (dispatch, { search }) => {
  void dispatch(walletApi.util.prefetch('walletHistory', walletArgsOf(search), {}));
};

/** "+200.000 ₫" / "−50.000 ₫": the sign always shown (a real minus sign, read as "minus"). */
const signed = (amount: number, language: string) =>
  `${amount > 0 ? '+' : amount < 0 ? '\u2212' : ''}${formatVnd(Math.abs(amount), language)}`;

function Transaction({ item, timeZone }: { item: WalletHistory; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const id = `wallet-tx-${item.walletTransactionId}`;
  return (
    <li>
      <dl className={css.item} aria-labelledby={id}>
        <div className={css.field}>
          <dt className={css.term}>{t('wallet.kind')}</dt>
          <dd className={css.value} id={id}>
            {item.purchaseId !== null
              ? t(item.amount < 0 ? 'wallet.purchasePaid' : 'wallet.purchaseRefunded')
              : t(`wallet.kinds.${item.kind}`)}
          </dd>
        </div>
        {item.purchaseId !== null && (
          <div className={css.field}>
            <dt className={css.term}>{t('wallet.purchase')}</dt>
            <dd className={css.value}>
              <Link className={css.link} to={paths.purchaseResult(item.purchaseId)}>
                {item.description}
              </Link>
            </dd>
          </div>
        )}
        {item.kind === 'referral' && (
          <div className={css.field}>
            <dt className={css.term}>{t('wallet.reason')}</dt>
            <dd className={css.value}>{t('wallet.referralReason')}</dd>
          </div>
        )}
        <div className={css.field}>
          <dt className={css.term}>{t('wallet.date')}</dt>
          <dd className={css.value}>
            <time dateTime={item.createdAt}>{formatZonedDateTime(item.createdAt, timeZone)}</time>
          </dd>
        </div>
        <div className={css.field}>
          <dt className={css.term}>{t('wallet.amount')}</dt>
          <dd className={`${css.value} ${item.amount < 0 ? css.debit : css.credit}`}>
            {signed(item.amount, i18n.language)}
          </dd>
        </div>
        {item.appointmentId !== null && (
          <div className={css.field}>
            <dt className={css.term}>{t('wallet.appointment')}</dt>
            <dd className={css.value}>
              <Link className={css.link} to={`/me/appointments-list/${item.appointmentId}`}>
                {item.appointmentNumber ?? t('wallet.viewAppointment')}
              </Link>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/**
 * /me/wallet-history (feature `wallet`): the balance, then the wallet's transactions newest first
 * (top-ups, payments of bookings, refunds of cancelled ones), filtered by the spec's date filters,
 * 15 a page. Dates are shown in the hospital's zone, labelled when the visitor's differs.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const args = walletArgsOf(search);
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone);
  // Refunds can also come from the server alone (a lapsed payment hold): ask again on each visit.
  const {
    currentData: data,
    isFetching,
    isError,
    refetch,
  } = useWalletHistoryQuery(args, {
    refetchOnMountOrArgChange: true,
  });
  useDocumentTitle(t('account.wallet'));

  const go = (next: Partial<WalletHistoryArgs>) =>
    navigate(`${WALLET_PATH}${walletSearchOf({ ...args, pageNumber: 1, ...next })}`, {
      preventScrollReset: true,
    });
  const list = data?.walletHistories ?? [];

  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div>
        <h1>{t('account.wallet')}</h1>
        <p className={css.balance} aria-live="polite">
          {t('wallet.balance')}
          <strong className={css.balanceAmount}>{data ? formatVnd(data.balance, i18n.language) : '…'}</strong>
        </p>
        <div className={css.toolbar}>
          <h2 id="wallet-history-title">{t('wallet.historyTitle')}</h2>
          <div className={css.filter}>
            <label htmlFor="wallet-duration">{t('wallet.duration')}</label>
            <select
              id="wallet-duration"
              className={css.select}
              value={args.duration}
              onChange={(event) => go({ duration: event.target.value as DateFilter })}
            >
              {DATE_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {t(`wallet.durations.${filter}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {zoneLabel && <p>{t('wallet.timesIn', { zone: zoneLabel })}</p>}
        <QueryState
          isLoading={isFetching && !data}
          isError={isError}
          isEmpty={list.length === 0}
          onRetry={refetch}
          emptyText={t(args.duration === 'all' ? 'wallet.empty' : 'wallet.emptyFiltered')}
        >
          <ul className={css.list} aria-labelledby="wallet-history-title">
            {list.map((item) => (
              <Transaction key={item.walletTransactionId} item={item} timeZone={timeZone} />
            ))}
          </ul>
          {data && (
            <Pager
              pagination={data.pagination}
              hrefFor={(pageNumber) => `${WALLET_PATH}${walletSearchOf({ ...args, pageNumber })}`}
            />
          )}
        </QueryState>
      </div>
    </div>
  );
}
