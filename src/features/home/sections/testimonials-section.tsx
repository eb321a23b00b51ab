import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { card, grid, muted } from '../../../components/ui.css';
import { homeApi, useTestimonialsQuery } from '../api';
import type { SectionPrefetch } from './section-prefetch';
import * as css from '../home.css';
import { HomeSection } from './home-section';

export const prefetch: SectionPrefetch = (dispatch) =>
  void dispatch(homeApi.util.prefetch('testimonials', undefined, {}));

export function TestimonialsSection() {
  const { t } = useTranslation();
  const { data = [], isLoading, isError, refetch } = useTestimonialsQuery();
  return (
    <HomeSection title={t('home.testimonials')}>
      <QueryState isLoading={isLoading} isError={isError} isEmpty={data.length === 0} onRetry={refetch}>
        <ul className={grid}>
          {data.map((item) => (
            <li key={item.testimonialId} className={card}>
              <figure className={css.quote}>
                <blockquote className={css.quote}>
                  <p>{item.content}</p>
                </blockquote>
                <figcaption>
                  <strong>{item.authorName}</strong>{' '}
                  <span
                    className={css.stars}
                    role="img"
                    aria-label={t('home.rating', { rating: item.rating })}
                  >
                    {'★'.repeat(item.rating)}
                    <span className={muted}>{'☆'.repeat(5 - item.rating)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </QueryState>
    </HomeSection>
  );
}
