import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../../schemas/paths';
import { formatZonedDateTime } from '../../../../schemas/time';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import { useMyAdviceQuery } from '../api';
import * as css from '../iomt.css';
import { iomtNs } from '../i18n/namespace';

/** The patient's questions with their answers, newest first (GET Iomt/GetAdvisoryRequests, ?advice= page). */
export function AdviceList() {
  const { t } = useNamespace(iomtNs);
  const { timeZone } = useBookingRules();
  const [search] = useSearchParams();
  const pageNumber = Math.max(1, Number(search.get('advice')) || 1);
  const advice = useMyAdviceQuery({ pageNumber });
  const requests = advice.data?.requests ?? [];
  return (
    <section className={css.section} aria-labelledby="iomt-my-advice">
      <h2 id="iomt-my-advice">{t('myAdviceTitle')}</h2>
      <QueryState
        isLoading={advice.isLoading}
        isError={advice.isError}
        isEmpty={requests.length === 0}
        onRetry={() => void advice.refetch()}
        emptyText={t('myAdviceEmpty')}
      >
        <ul className={css.list}>
          {requests.map((r) => (
            <li
              key={r.advisoryRequestId}
              className={card}
              aria-labelledby={`iomt-advice-${r.advisoryRequestId}`}
            >
              <p id={`iomt-advice-${r.advisoryRequestId}`} className={css.row}>
                <strong>{t(`adviceStatus.${r.status}`)}</strong>
                <span>{t('askedAt', { time: formatZonedDateTime(r.createdAt, timeZone) })}</span>
                <span>{t('forPatient', { name: r.patientName })}</span>
                {r.doctorName && <span>{t('askedOf', { doctor: r.doctorName })}</span>}
              </p>
              <p className={css.quote}>{r.message}</p>
              {r.answer && (
                <div className={css.answer}>
                  <p>
                    <strong>
                      {t('answerBy', {
                        doctor: r.answer.doctorName,
                        time: formatZonedDateTime(r.answer.answeredAt, timeZone),
                      })}
                    </strong>
                  </p>
                  <p className={css.quote}>{r.answer.answer}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
        {advice.data && advice.data.pagination.totalRecords > advice.data.pagination.pageSize && (
          <Pager
            pagination={advice.data.pagination}
            hrefFor={(n) => `${paths.servicePackages}?advice=${n}`}
          />
        )}
      </QueryState>
    </section>
  );
}
