import { QueryState } from '../../../components/query-state';
import { card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatZonedDate } from '../../../../schemas/time';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { useMyIomtPackagesQuery } from '../api';
import * as css from '../iomt.css';
import { iomtNs } from '../i18n/namespace';

/** The IoMT packages the patient holds (WalletHistories/GetListIomtPackageOfUser): devices, validity, status. */
export function HeldPackages() {
  const { t } = useNamespace(iomtNs);
  const held = useMyIomtPackagesQuery();
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone);
  return (
    <section className={css.section} aria-labelledby="iomt-held">
      <h2 id="iomt-held">{t('heldTitle')}</h2>
      {zoneLabel && <p>{t('zone', { zone: zoneLabel })}</p>}
      <QueryState
        isLoading={held.isLoading}
        isError={held.isError}
        isEmpty={(held.data?.length ?? 0) === 0}
        onRetry={() => void held.refetch()}
        emptyText={t('heldEmpty')}
      >
        <ul className={css.list}>
          {held.data?.map((pkg) => (
            <li key={pkg.userPackageId} className={card} aria-labelledby={`iomt-held-${pkg.userPackageId}`}>
              <h3 id={`iomt-held-${pkg.userPackageId}`}>{pkg.name}</h3>
              <p>
                <strong>{t(`status.${pkg.status}`)}</strong>
              </p>
              <dl className={css.facts}>
                <dt className={css.term}>{t('devices')}</dt>
                <dd>{pkg.devices || '—'}</dd>
                <dt className={css.term}>{t('validFrom')}</dt>
                <dd>{formatZonedDate(pkg.startsAt, timeZone)}</dd>
                <dt className={css.term}>{t('validUntil')}</dt>
                <dd>{formatZonedDate(pkg.expiresAt, timeZone)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
