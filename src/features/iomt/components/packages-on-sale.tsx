import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { button, card, grid } from '../../../components/ui.css';
import { formatVnd } from '../../../lib/i18n/format-money';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyText } from '../../../lib/reply';
import { PaymentMethod } from '../../../../schemas/codes';
import { useCheckout } from '../../membership';
import { useIomtPackagesOnSaleQuery, type IomtPackage } from '../api';
import * as css from '../iomt.css';
import { iomtNs } from '../i18n/namespace';

/**
 * The monitoring packages on sale (GET Iomt/GetAllIomtPackage) with "Mua gói": the purchases
 * contract's checkout (packageType 'iomt', the bank), then the browser goes to the bank's page. A
 * refusal (none can be bought yet, the provider is away) is said under the list.
 */
export function PackagesOnSale() {
  const { t, i18n } = useNamespace(iomtNs);
  const onSale = useIomtPackagesOnSaleQuery();
  const buying = useCheckout();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);

  const start = async (pkg: IomtPackage) => {
    setRefusal(null);
    setPaid(false);
    const { result, reply } = await buying.start({
      packageId: pkg.iomtPackageId,
      packageType: 'iomt',
      paymentMethod: PaymentMethod.PayOnline,
    });
    if (!result) setRefusal(replyText(t, reply));
    else if (!result.paymentUrl) setPaid(true);
  };

  return (
    <section className={css.section} aria-labelledby="iomt-on-sale">
      <h2 id="iomt-on-sale">{t('onSaleTitle')}</h2>
      <QueryState
        isLoading={onSale.isLoading}
        isError={onSale.isError}
        isEmpty={(onSale.data?.length ?? 0) === 0}
        onRetry={() => void onSale.refetch()}
        emptyText={t('onSaleEmpty')}
      >
        <ul className={grid}>
          {onSale.data?.map((pkg) => (
            <li key={pkg.iomtPackageId} className={card} aria-labelledby={`iomt-sale-${pkg.iomtPackageId}`}>
              <h3 id={`iomt-sale-${pkg.iomtPackageId}`}>{pkg.name}</h3>
              <p className={css.price}>{formatVnd(pkg.price, i18n.language)}</p>
              {pkg.description && <p>{pkg.description}</p>}
              <dl className={css.facts}>
                <dt className={css.term}>{t('devices')}</dt>
                <dd>{pkg.devices || '—'}</dd>
                <dt className={css.term}>{t('duration')}</dt>
                <dd>{t('durationValue', { count: pkg.durationMonths })}</dd>
              </dl>
              <div className={css.actions}>
                <button
                  type="button"
                  className={button.primary}
                  disabled={buying.isLoading}
                  aria-label={t('buyNamed', { name: pkg.name })}
                  onClick={() => void start(pkg)}
                >
                  {buying.pending?.packageId === pkg.iomtPackageId ? t('buying') : t('buy')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
      {refusal && (
        <div role="alert" className={css.alert}>
          <p>{refusal}</p>
        </div>
      )}
      {paid && (
        <p role="status" className={css.success}>
          {t('bought')}
        </p>
      )}
    </section>
  );
}
