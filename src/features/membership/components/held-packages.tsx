import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { PackageCard, useDirectCallsOfUserQuery } from '../../direct-call';
import * as css from '../membership.css';

/** The member packages the user holds: calls left, free appointments, call length, expiry (hospital's zone). */
export function HeldPackages({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useBookingRules();
  const zoneLabel = useZoneLabel(timeZone);
  const held = useDirectCallsOfUserQuery({ userId, pageNumber: 1 }, { refetchOnMountOrArgChange: true });
  const packages = (held.data?.packages ?? []).filter((p) => p.kind === 'membership');
  return (
    <section className={css.section} aria-labelledby="held-title">
      <h2 id="held-title">{t('membership.heldTitle')}</h2>
      {zoneLabel && <p>{t('membership.zone', { zone: zoneLabel })}</p>}
      <QueryState
        isLoading={held.isLoading}
        isError={held.isError}
        isEmpty={packages.length === 0}
        onRetry={() => void held.refetch()}
        emptyText={t('membership.noneHeld')}
      >
        <ul className={css.heldList}>
          {packages.map((pkg) => (
            <PackageCard key={pkg.userPackageId} pkg={pkg} timeZone={timeZone} />
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
