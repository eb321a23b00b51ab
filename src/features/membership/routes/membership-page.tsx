import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { card, grid, page } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useMembershipPackagesQuery } from '../api';
import { BuyForm } from '../components/buy-form';
import { HeldPackages } from '../components/held-packages';
import { useOpenLogin } from '../../../app/layout/open-login-context';
import { isSignedIn } from '../../../lib/user-storage';
import { useStoredUser } from '../../../lib/use-stored-user';
import { button } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import * as css from '../membership.css';

/**
 * Member packages: calls, validity in months and call duration (spec section 9); a signed-in user
 * sees the packages they hold and buys one here (schemas/purchases.ts), a visitor signs in first.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const user = useStoredUser();
  const openLogin = useOpenLogin();
  const signedIn = isSignedIn(user);
  const { data = [], isLoading, isError, refetch } = useMembershipPackagesQuery();
  usePageMeta(t('membership.title'), t('pages.membership'));
  return (
    <div className={page}>
      <h1>{t('membership.title')}</h1>
      <p>{t('membership.intro')}</p>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={data.length === 0}
        onRetry={refetch}
        emptyText={t('membership.empty')}
      >
        <ul className={grid}>
          {data.map((pkg) => (
            <li key={pkg.membershipPackageId} className={card}>
              <h2>{pkg.name}</h2>
              <p className={css.price}>{formatVnd(pkg.price, i18n.language)}</p>
              <dl className={css.facts}>
                <div className={css.row}>
                  <dt>{t('membership.calls')}</dt>
                  <dd>{pkg.numberOfCalls}</dd>
                </div>
                <div className={css.row}>
                  <dt>{t('membership.validity')}</dt>
                  <dd>{t('membership.validityValue', { count: pkg.validityMonths })}</dd>
                </div>
                <div className={css.row}>
                  <dt>{t('membership.duration')}</dt>
                  <dd>{t('membership.durationValue', { count: pkg.callDurationMinutes })}</dd>
                </div>
                {pkg.freeCalls > 0 && (
                  <div className={css.row}>
                    <dt>{t('membership.freeCalls')}</dt>
                    <dd>{pkg.freeCalls}</dd>
                  </div>
                )}
                {pkg.freeAppointments > 0 && (
                  <div className={css.row}>
                    <dt>{t('membership.freeAppointments')}</dt>
                    <dd>{pkg.freeAppointments}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      </QueryState>
      {signedIn && <HeldPackages userId={Number(user!.userId)} />}
      {data.length > 0 && (
        <section className={css.section}>
          {signedIn ? (
            <BuyForm packages={data} />
          ) : (
            <button type="button" className={button.primary} onClick={() => openLogin(paths.membership)}>
              {t('membership.signInToBuy')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
