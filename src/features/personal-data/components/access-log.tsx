import { useId } from 'react';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card, muted } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatZonedDateTime } from '../../../../schemas/time';
import { useDataAccessLogQuery, type DataAccessLogPage } from '../api';
import { personalDataNs } from '../i18n/namespace';
import * as css from '../personal-data.css';

type Entry = DataAccessLogPage['entries'][number];

/**
 * "Doctor BS. Lê Văn Bình downloaded a health record file “Blood test 2025”" (the actor's label when
 * it says more than the kind; the record's title as it was read, never an internal id).
 */
function Line({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  const { t } = useNamespace(personalDataNs);
  const who =
    entry.actor.kind === 'self' || !entry.actor.label || entry.actor.label === 'self'
      ? t(`log.actor.${entry.actor.kind}`)
      : `${t(`log.actor.${entry.actor.kind}`)} ${entry.actor.label}`;
  return (
    <li className={css.logItem}>
      <time dateTime={entry.at}>{formatZonedDateTime(entry.at, timeZone)}</time>
      <span>
        <strong>{who}</strong> {t(`log.action.${entry.action}`)}{' '}
        {t(`log.resource.${entry.resource.kind}`, { defaultValue: entry.resource.kind })}
        {entry.resource.label ? ` “${entry.resource.label}”` : ''}
      </span>
      {(entry.patient?.fullName || entry.appointment) && (
        <span className={muted}>
          {entry.patient?.fullName && t('log.forPatient', { name: entry.patient.fullName })}
          {entry.patient?.fullName && entry.appointment ? ' · ' : ''}
          {entry.appointment &&
            t('log.viaAppointment', {
              number: entry.appointment.appointmentNumber ?? `#${entry.appointment.appointmentId}`,
            })}
        </span>
      )}
    </li>
  );
}

/** "Who looked at my records and when": the caller's access log, newest first, 15 a page. */
export function AccessLog({
  pageNumber,
  timeZone,
  hrefFor,
}: {
  pageNumber: number;
  timeZone: string;
  hrefFor: (page: number) => string;
}) {
  const { t } = useNamespace(personalDataNs);
  const headingId = useId();
  const log = useDataAccessLogQuery({ pageNumber }, { refetchOnMountOrArgChange: true });
  const entries = log.currentData?.entries ?? [];
  return (
    <section className={`${card} ${css.stack}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('log.title')}</h2>
      <QueryState
        isLoading={log.isFetching && !log.currentData}
        isError={log.isError}
        isEmpty={entries.length === 0}
        onRetry={log.refetch}
        emptyText={t('log.empty')}
      >
        <ul className={css.logList} aria-labelledby={headingId}>
          {entries.map((entry) => (
            <Line key={entry.accessId} entry={entry} timeZone={timeZone} />
          ))}
        </ul>
        {log.currentData && <Pager pagination={log.currentData.pagination} hrefFor={hrefFor} />}
      </QueryState>
    </section>
  );
}
