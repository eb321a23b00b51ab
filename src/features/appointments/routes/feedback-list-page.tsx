import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Prefetch } from '../../../app/route-entry';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card, muted, page } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { AccountNav } from '../../account';
import { appointmentsApi, useMyFeedbacksQuery } from '../api';
import { appointmentPath } from '../links';
import * as css from '../appointments.css';

export const FEEDBACK_PATH = '/me/feedback-list';

const pageOf = (search: URLSearchParams) => {
  const value = Math.floor(Number(search.get('page')));
  return Number.isFinite(value) && value > 0 ? value : 1;
};

export const prefetch: Prefetch = (dispatch, { search }) => {
  void dispatch(appointmentsApi.util.prefetch('myFeedbacks', pageOf(search), {}));
};

/** /me/feedback-list: the reviews the user wrote (GetUserFeedbacks), 15 a page. */
export function Component() {
  const clock = useHospitalClock();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const pageNumber = pageOf(search);
  const { currentData: data, isFetching, isError, refetch } = useMyFeedbacksQuery(pageNumber);
  useDocumentTitle(t('account.feedback'));
  const feedbacks = data?.feedbacks ?? [];
  return (
    <div className={`${page} ${css.layout}`}>
      <AccountNav />
      <div>
        <h1>{t('account.feedback')}</h1>
        <QueryState
          isLoading={isFetching && !data}
          isError={isError}
          isEmpty={feedbacks.length === 0}
          onRetry={refetch}
          emptyText={t('appointments.noFeedback')}
        >
          <ul className={css.list}>
            {feedbacks.map((f) => (
              <li key={f.feedbackId} className={card}>
                <h2 className={css.doctorName}>{f.doctorName}</h2>
                <p>
                  <span role="img" aria-label={t('appointments.stars', { count: f.rating })}>
                    <span aria-hidden="true">
                      {'★'.repeat(f.rating)}
                      {'☆'.repeat(Math.max(0, 5 - f.rating))}
                    </span>
                  </span>{' '}
                  <span className={muted}>{clock.date(f.createdAt)}</span>
                </p>
                <p>{f.comment}</p>
                <Link to={appointmentPath(f.appointmentId)}>{t('appointments.viewAppointment')}</Link>
              </li>
            ))}
          </ul>
          {data && (
            <Pager
              pagination={data.pagination}
              hrefFor={(n) => (n > 1 ? `${FEEDBACK_PATH}?page=${n}` : FEEDBACK_PATH)}
            />
          )}
        </QueryState>
      </div>
    </div>
  );
}
