import { card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatZonedDateTime } from '../../../../schemas/time';
import type { DirectCall } from '../api';
import * as css from '../direct-call.css';
import { directCallNs } from '../i18n/namespace';

/** The patient's direct calls, newest first: when, the outcome, and the doctor who answered. */
export function CallHistory({ calls, timeZone }: { calls: DirectCall[]; timeZone: string }) {
  const { t } = useNamespace(directCallNs);
  if (calls.length === 0) return <p>{t('noHistory')}</p>;
  return (
    <ul className={css.list}>
      {calls.map((call) => (
        <li key={call.directCallId} className={card}>
          <div className={css.row}>
            <strong>{formatZonedDateTime(call.createdAt, timeZone)}</strong>
            <span>{t(`callStatus.${call.status}`)}</span>
            {call.doctorName && <span>{t('withDoctor', { doctor: call.doctorName })}</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}
