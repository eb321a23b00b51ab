import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { Link } from 'react-router-dom';
import { catalogueApi, useSpecialitiesQuery } from '../../../api/catalogue-api';
import type { SectionPrefetch } from './section-prefetch';
import { QueryState } from '../../../components/query-state';
import { card, grid, muted } from '../../../components/ui.css';
import { doctorListUrl, paths } from '../../../../schemas/paths';
import * as css from '../home.css';
import { HomeSection } from './home-section';

export const prefetch: SectionPrefetch = (dispatch) =>
  void dispatch(catalogueApi.util.prefetch('specialities', undefined, {}));

/** Specialities ("health concerns"), each opening the doctors of that speciality. */
export function HealthConcernSection() {
  const { t } = useTranslation();
  const { data = [], isLoading, isError, refetch } = useSpecialitiesQuery();
  return (
    <HomeSection title={t('home.healthConcern')} seeAllTo={paths.specialityList}>
      <QueryState isLoading={isLoading} isError={isError} isEmpty={data.length === 0} onRetry={refetch}>
        <ul className={grid}>
          {data.slice(0, 8).map((speciality) => (
            <li key={speciality.specialityId} className={card}>
              <Link className={css.tileLink} to={doctorListUrl({ specialityId: speciality.specialityId })}>
                <RemoteImage
                  className={css.tileIcon}
                  src={speciality.icon}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
                <div>
                  <h3 className={css.tileTitle}>{speciality.name}</h3>
                  <span className={muted}>{t('lists.doctorCount', { count: speciality.doctorCount })}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </QueryState>
    </HomeSection>
  );
}
