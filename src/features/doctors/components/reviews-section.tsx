import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card, muted } from '../../../components/ui.css';
import { useHospitalClock } from '../../../tenant/use-booking-rules';
import { useFeedbacksQuery, type FeedbackOrder } from '../api';
import * as css from '../detail.css';

const ORDERS: FeedbackOrder[] = [0, 1, 2];

/** The doctor's reviews with their sort (GetDoctorFeedbacks OrderType) and page kept in the URL. */
export function ReviewsSection({ doctorId }: { doctorId: number }) {
  const { t } = useTranslation();
  const clock = useHospitalClock();
  const selectId = useId();
  const [search, setSearch] = useSearchParams();
  const order = (ORDERS.find((o) => String(o) === search.get('reviewOrder')) ?? 0) as FeedbackOrder;
  const pageNumber = Math.max(1, Number(search.get('reviewPage')) || 1);
  const { data, isFetching, isError, refetch } = useFeedbacksQuery({
    doctorId,
    orderType: order,
    pageNumber,
  });
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(search);
    next.set('reviewPage', String(page));
    return `?${next.toString()}`;
  };
  return (
    <section className={card} aria-labelledby="doctor-reviews">
      <div className={css.sectionHead}>
        <h2 id="doctor-reviews">{t('doctorPage.reviews')}</h2>
        <label htmlFor={selectId} className={muted}>
          {t('doctorPage.reviewOrder')}
        </label>
        <select
          id={selectId}
          className={css.select}
          value={order}
          onChange={(event) => {
            const next = new URLSearchParams(search);
            next.set('reviewOrder', event.target.value);
            next.delete('reviewPage');
            setSearch(next, { preventScrollReset: true });
          }}
        >
          {ORDERS.map((o) => (
            <option key={o} value={o}>
              {t(`doctorPage.reviewOrders.${o}`)}
            </option>
          ))}
        </select>
      </div>
      <QueryState
        isLoading={isFetching}
        isError={isError}
        isEmpty={!data || data.feedbacks.length === 0}
        onRetry={refetch}
        emptyText={t('doctor.noRating')}
        skeletons={2}
      >
        <ul className={css.reviews}>
          {data?.feedbacks.map((feedback) => (
            <li key={feedback.feedbackId} className={css.review}>
              <p>
                <strong>{feedback.patientName}</strong>{' '}
                <span role="img" aria-label={t('doctorPage.stars', { count: feedback.rating })}>
                  <span aria-hidden="true">{'★'.repeat(feedback.rating)}</span>
                </span>{' '}
                <span className={muted}>{clock.date(feedback.createdAt)}</span>
              </p>
              <p>{feedback.comment}</p>
            </li>
          ))}
        </ul>
        {data && data.pagination.totalRecords > data.pagination.pageSize && (
          <Pager pagination={data.pagination} hrefFor={hrefFor} />
        )}
      </QueryState>
    </section>
  );
}
