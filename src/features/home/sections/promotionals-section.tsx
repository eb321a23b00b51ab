import { useTranslation } from 'react-i18next';
import { OfferRule } from '../../../components/offer-rule';
import { RemoteImage } from '../../../components/remote-image';
import { QueryState } from '../../../components/query-state';
import { SmartLink } from '../../../components/smart-link';
import { card, grid } from '../../../components/ui.css';
import { homeApi, usePromotionalsQuery } from '../api';
import type { SectionPrefetch } from './section-prefetch';
import * as css from '../home.css';
import { HomeSection } from './home-section';

export const prefetch: SectionPrefetch = (dispatch) =>
  void dispatch(homeApi.util.prefetch('promotionals', undefined, {}));

export function PromotionalsSection() {
  const { t } = useTranslation();
  const { data = [], isLoading, isError, refetch } = usePromotionalsQuery();
  return (
    <HomeSection title={t('home.promotionals')}>
      <QueryState isLoading={isLoading} isError={isError} isEmpty={data.length === 0} onRetry={refetch}>
        <ul className={grid}>
          {data.map((promo) => (
            <li key={promo.promotionalId} className={card}>
              <RemoteImage
                className={css.mediaImage}
                src={promo.image}
                alt=""
                width={320}
                height={180}
                loading="lazy"
              />
              <h3>{promo.link ? <SmartLink href={promo.link}>{promo.title}</SmartLink> : promo.title}</h3>
              {promo.description && <p>{promo.description}</p>}
              {promo.offer && <OfferRule rule={promo.offer} />}
            </li>
          ))}
        </ul>
      </QueryState>
    </HomeSection>
  );
}
