import { Link, useSearchParams } from 'react-router-dom';
import type { CareScope } from '../../../../schemas/care';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { button, card, page } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import { useNamespace } from '../../../lib/i18n/namespace';
import { formatZonedDateTime } from '../../../../schemas/time';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { useZoneName } from '../../../tenant/use-booking-rules';
import { statusKey } from '../../appointments';
import { useCareAppointmentsQuery, useCareMeQuery } from '../api';
import { CareGate } from '../components/care-gate';
import { PresenceToggle } from '../components/presence-toggle';
import { usePresence } from '../use-presence';
import { IncomingCalls } from '../../direct-call/index';
import { AdvisoryInbox } from '../../iomt/index';
import { useFeature } from '../../../tenant/tenant-context';
import * as css from '../care.css';
import { careNs } from '../i18n/namespace';

const SCOPES: CareScope[] = ['today', 'upcoming', 'past'];
const PAGE_SIZE = 15;

/**
 * /care: the doctor's (or hospital staff's) day. Today's, upcoming and past appointments, times
 * on the hospital's clock (named), each opening its page; a doctor's direct-call availability.
 */
export function Component() {
  const { t, ready } = useNamespace(careNs);
  return ready ? (
    <CareGate title={t('title')} notForYou={t('notForYou')}>
      <Workspace />
    </CareGate>
  ) : null;
}

function Workspace() {
  const { t } = useNamespace(careNs);
  const { t: tr } = useTranslation();
  const [search] = useSearchParams();
  const scope = (SCOPES as string[]).includes(search.get('scope') ?? '')
    ? (search.get('scope') as CareScope)
    : 'today';
  const pageNumber = Math.max(1, Number(search.get('page')) || 1);
  const me = useCareMeQuery();
  const doctor = me.data?.role === 'doctor';
  // One presence (and one heartbeat) for the toggle and the incoming calls.
  const presence = usePresence(doctor);
  const iomt = useFeature('iomt');
  const list = useCareAppointmentsQuery({ scope, pageNumber });
  const zone = me.data?.timeZone ?? 'Asia/Ho_Chi_Minh';
  const zoneName = useZoneName(zone);
  useDocumentTitle(t('title'));
  const appointments = list.currentData?.appointments ?? [];
  return (
    <div className={page}>
      <div className={css.head}>
        <div>
          <h1>{t('title')}</h1>
          {me.data && (
            <p>
              {me.data.label} · {t(me.data.role === 'doctor' ? 'doctorRole' : 'hospitalRole')}
            </p>
          )}
        </div>
        {doctor && <PresenceToggle t={t} presence={presence} />}
      </div>
      {doctor && <IncomingCalls online={presence.online} />}
      {doctor && iomt && <AdvisoryInbox timeZone={me.data?.timeZone ?? 'Asia/Ho_Chi_Minh'} />}
      <nav aria-label={t('listLabel')} className={css.tabs}>
        {SCOPES.map((s) => (
          <Link
            key={s}
            to={`${paths.care}?scope=${s}`}
            className={s === scope ? button.primary : button.secondary}
            aria-current={s === scope ? 'page' : undefined}
          >
            {t(`scopes.${s}`)}
          </Link>
        ))}
      </nav>
      <h2>{t(`scopes.${scope}`)}</h2>
      <p>{t('timeZone', { zone: zoneName })}</p>
      <QueryState
        isLoading={list.isLoading}
        isError={list.isError}
        isEmpty={appointments.length === 0}
        onRetry={() => void list.refetch()}
        emptyText={t('empty')}
      >
        <ul className={css.list}>
          {appointments.map((a) => (
            <li key={a.appointmentId} className={card}>
              <div className={css.row}>
                <strong>{formatZonedDateTime(a.startsAt, a.timeZone)}</strong>
                <span>{t(`service.${a.serviceTypeId}`)}</span>
                <span>{tr(statusKey(a))}</span>
              </div>
              <div className={css.row}>
                <Link
                  to={paths.careAppointment(a.appointmentId)}
                  aria-label={t('open', { number: a.appointmentNumber, patient: a.patientName })}
                >
                  {a.patientName}
                </Link>
                <span>{a.appointmentNumber}</span>
                {me.data?.role === 'hospital' && <span>{a.doctorName}</span>}
                {a.hospitalName && <span>{a.hospitalName}</span>}
              </div>
            </li>
          ))}
        </ul>
        {list.currentData && (
          <Pager
            pagination={{ ...list.currentData.pagination, pageNumber, pageSize: PAGE_SIZE }}
            hrefFor={(n) => `${paths.care}?scope=${scope}&page=${n}`}
          />
        )}
      </QueryState>
    </div>
  );
}
