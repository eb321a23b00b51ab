import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { QueryState } from '../../../components/query-state';
import { SmartLink } from '../../../components/smart-link';
import { homeApi, useBannersQuery } from '../api';
import type { SectionPrefetch } from './section-prefetch';
import * as css from '../home.css';
import { HomeSection } from './home-section';

export const prefetch: SectionPrefetch = (dispatch) =>
  void dispatch(homeApi.util.prefetch('banners', undefined, {}));

export function BannersSection() {
  const { t } = useTranslation();
  const { data = [], isLoading, isError, refetch } = useBannersQuery();
  return (
    <HomeSection title={t('home.banners')}>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={data.length === 0}
        onRetry={refetch}
        skeletons={1}
      >
        <ul className={css.banners}>
          {data.map((banner, index) => (
            <li key={banner.bannerId} className={css.banner}>
              {/* The first banner is the likely largest paint: load it eagerly. */}
              <RemoteImage
                className={css.bannerImage}
                src={banner.image}
                alt=""
                width={560}
                height={245}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
              <div className={css.bannerText}>
                <h3>
                  {banner.link ? <SmartLink href={banner.link}>{banner.title}</SmartLink> : banner.title}
                </h3>
                {banner.subtitle && <p>{banner.subtitle}</p>}
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
    </HomeSection>
  );
}
