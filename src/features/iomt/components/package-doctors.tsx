import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../../schemas/paths';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { RemoteImage } from '../../../components/remote-image';
import { button, card, muted } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf, replyText } from '../../../lib/reply';
import { RingingPanel } from '../../direct-call/index';
import {
  useIomtCallCheckQuery,
  useIomtDoctorsQuery,
  usePlaceIomtCallMutation,
  type DirectCall,
} from '../api';
import * as css from '../iomt.css';
import { iomtNs } from '../i18n/namespace';

/**
 * "Doctor list in IOMT package" (spec section 2 screen title): the doctors of the patient's valid
 * packages, a page at a time, who is online now, and the call button (POST
 * Appointments/CallDiriectIomt). A placed call rings on this page with the direct call's own panel,
 * which opens the call screen once a doctor answers. The page (?doctors=) and the ringing call
 * (?call=) are kept in the address.
 */
export function PackageDoctors() {
  const { t } = useNamespace(iomtNs);
  const [search, setSearch] = useSearchParams();
  const pageNumber = Math.max(1, Number(search.get('doctors')) || 1);
  const ringing = Number(search.get('call')) || null;
  const doctors = useIomtDoctorsQuery({ pageNumber });
  const check = useIomtCallCheckQuery();
  const [place, placing] = usePlaceIomtCallMutation();
  const [placed, setPlaced] = useState<DirectCall | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = doctors.data?.doctors ?? [];

  const withParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(key);
    else next.set(key, value);
    return next;
  };
  const call = async () => {
    setRefusal(null);
    const reply = replyOf<DirectCall>(await place());
    if (reply?.isSuccess && reply.data) {
      setPlaced(reply.data);
      setSearch(withParam('call', String(reply.data.directCallId)), { replace: true });
    } else setRefusal(replyText(t, reply));
  };

  return (
    <section className={css.section} aria-labelledby="iomt-doctors">
      <h2 id="iomt-doctors">{t('doctorsTitle')}</h2>
      <QueryState
        isLoading={doctors.isLoading}
        isError={doctors.isError}
        isEmpty={list.length === 0}
        onRetry={() => void doctors.refetch()}
        emptyText={t('doctorsEmpty')}
      >
        <ul className={css.list}>
          {list.map((d) => (
            <li key={d.doctorId} className={`${card} ${css.doctor}`}>
              <RemoteImage className={css.photo} src={d.photo} alt="" width={56} height={56} loading="lazy" />
              <div>
                <h3>
                  {d.title} {d.fullName}
                </h3>
                {d.specialities.length > 0 && <p>{d.specialities.map((s) => s.name).join(', ')}</p>}
                <p className={d.online ? css.success : muted}>{d.online ? t('online') : t('offline')}</p>
              </div>
            </li>
          ))}
        </ul>
        {doctors.data && doctors.data.pagination.totalRecords > doctors.data.pagination.pageSize && (
          <Pager
            pagination={doctors.data.pagination}
            hrefFor={(n) => `${paths.servicePackages}?${withParam('doctors', String(n)).toString()}`}
          />
        )}
      </QueryState>
      {ringing ? (
        <RingingPanel
          key={ringing}
          directCallId={ringing}
          placed={placed?.directCallId === ringing ? placed : undefined}
          onAgain={() => setSearch(withParam('call', null), { replace: true })}
        />
      ) : (
        list.length > 0 && (
          <>
            <p>{check.data?.doctorsOnline === 0 ? t('noneOnline') : t('callNote')}</p>
            <div className={css.actions}>
              <button
                type="button"
                className={button.primary}
                disabled={placing.isLoading || check.data?.canCall === false}
                onClick={() => void call()}
              >
                {placing.isLoading ? t('placing') : t('call')}
              </button>
            </div>
          </>
        )
      )}
      {refusal && (
        <div role="alert" className={css.alert}>
          <p>{refusal}</p>
        </div>
      )}
    </section>
  );
}
