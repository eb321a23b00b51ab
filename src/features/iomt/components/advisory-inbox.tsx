import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../../schemas/paths';
import { formatZonedDateTime } from '../../../../schemas/time';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { button, card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useCareAdviceQuery } from '../api';
import * as css from '../iomt.css';
import { iomtNs } from '../i18n/namespace';
import { AnswerForm } from './answer-form';

const STATUSES = ['open', 'answered'] as const;
type Status = (typeof STATUSES)[number];

/**
 * The doctor's advice inbox in the care workspace: questions from patients of the IoMT packages
 * the doctor belongs to (the server's care scope decides which), open ones with an answer form,
 * answered ones with the answer. Times on the hospital's clock. Which list and page are kept in
 * the address (?advice=answered&advicePage=2), next to the workspace's own.
 */
export function AdvisoryInbox({ timeZone }: { timeZone: string }) {
  const { t, ready } = useNamespace(iomtNs);
  const [search, setSearch] = useSearchParams();
  const status: Status = search.get('advice') === 'answered' ? 'answered' : 'open';
  const pageNumber = Math.max(1, Number(search.get('advicePage')) || 1);
  const inbox = useCareAdviceQuery({ status, pageNumber });
  const withList = (s: Status, page: number) => {
    const next = new URLSearchParams(search);
    next.set('advice', s);
    if (page > 1) next.set('advicePage', String(page));
    else next.delete('advicePage');
    return next;
  };
  const requests = inbox.data?.requests ?? [];
  if (!ready) return null;
  return (
    <section className={css.section} aria-labelledby="care-advice">
      <h2 id="care-advice">{t('inboxTitle')}</h2>
      <div role="group" aria-label={t('inboxTabs')} className={css.actions}>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? button.primary : button.secondary}
            aria-pressed={s === status}
            onClick={() => setSearch(withList(s, 1), { replace: true })}
          >
            {t(`adviceStatus.${s}`)}
          </button>
        ))}
      </div>
      <QueryState
        isLoading={inbox.isLoading}
        isError={inbox.isError}
        isEmpty={requests.length === 0}
        onRetry={() => void inbox.refetch()}
        emptyText={t(`inboxEmpty.${status}`)}
      >
        <ul className={css.list}>
          {requests.map((r) => (
            <li
              key={r.advisoryRequestId}
              className={card}
              aria-labelledby={`care-advice-${r.advisoryRequestId}`}
            >
              <h3 id={`care-advice-${r.advisoryRequestId}`}>{r.patientName}</h3>
              <p className={css.row}>
                <span>{r.packageName}</span>
                <span>{t('askedAt', { time: formatZonedDateTime(r.createdAt, timeZone) })}</span>
                {r.askedYou && <strong>{t('askedYou')}</strong>}
              </p>
              <p className={css.quote}>{r.message}</p>
              {r.answer ? (
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
              ) : (
                <AnswerForm request={r} />
              )}
            </li>
          ))}
        </ul>
        {inbox.data && inbox.data.pagination.totalRecords > inbox.data.pagination.pageSize && (
          <Pager
            pagination={inbox.data.pagination}
            hrefFor={(n) => `${paths.care}?${withList(status, n).toString()}`}
          />
        )}
      </QueryState>
    </section>
  );
}
