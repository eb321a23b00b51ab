import { card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatZonedDate } from '../../../../schemas/time';
import type { UserPackage } from '../api';
import * as css from '../direct-call.css';
import { directCallNs } from '../i18n/namespace';

/** One package the patient holds: kind, status, calls left, call length and validity (spec: member package). */
export function PackageCard({ pkg, timeZone }: { pkg: UserPackage; timeZone: string }) {
  const { t } = useNamespace(directCallNs);
  const headingId = `package-${pkg.userPackageId}`;
  return (
    <li className={card} aria-labelledby={headingId}>
      <h3 id={headingId}>{pkg.name}</h3>
      <p>
        {t(`kind.${pkg.kind}`)} · <strong>{t(`status.${pkg.status}`)}</strong>
      </p>
      <dl className={css.facts}>
        <dt className={css.term}>{t('callsLeft')}</dt>
        <dd>
          {pkg.callsLeft === null
            ? t('unlimited')
            : t('callsLeftValue', { left: pkg.callsLeft, total: pkg.callsTotal })}
        </dd>
        {pkg.freeAppointmentsTotal > 0 && (
          <>
            <dt className={css.term}>{t('freeAppointmentsLeft')}</dt>
            <dd>
              {t('callsLeftValue', { left: pkg.freeAppointmentsLeft, total: pkg.freeAppointmentsTotal })}
            </dd>
          </>
        )}
        <dt className={css.term}>{t('callLength')}</dt>
        <dd>{t('minutes', { count: pkg.callMinutes })}</dd>
        <dt className={css.term}>{t('validUntil')}</dt>
        <dd>{formatZonedDate(pkg.expiresAt, timeZone)}</dd>
      </dl>
    </li>
  );
}
