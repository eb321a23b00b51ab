import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { Link } from 'react-router-dom';
import { catalogueApi, useHospitalsQuery } from '../../../api/catalogue-api';
import type { SectionPrefetch } from './section-prefetch';
import { QueryState } from '../../../components/query-state';
import { card, grid, muted } from '../../../components/ui.css';
import { doctorListUrl, paths } from '../../../../schemas/paths';
import * as css from '../home.css';
import { HomeSection } from './home-section';

/** The hospitals the section shows (also what its prefetch asks for). */
const TOP_HOSPITALS = { pageNumber: 1, pageSize: 6 };

export const prefetch: SectionPrefetch = (dispatch) =>
  void dispatch(catalogueApi.util.prefetch('hospitals', TOP_HOSPITALS, {}));

/** The first hospitals, each opening its own page: the list of its doctors (as the sitemap names it). */
export function TopHospitalSection() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useHospitalsQuery(TOP_HOSPITALS);
  const hospitals = data?.hospitals ?? [];
  return (
    <HomeSection title={t('home.topHospital')} seeAllTo={paths.hospitalList}>
      <QueryState isLoading={isLoading} isError={isError} isEmpty={hospitals.length === 0} onRetry={refetch}>
        <ul className={grid}>
          {hospitals.map((hospital) => (
            <li key={hospital.hospitalId} className={card}>
              <Link className={css.tileLink} to={doctorListUrl({ hospitals: hospital.hospitalId })}>
                <RemoteImage
                  className={css.tileIcon}
                  src={hospital.image}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
                <div>
                  <h3 className={css.tileTitle}>{hospital.name}</h3>
                  <span className={muted}>{hospital.cityName || hospital.address}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </QueryState>
    </HomeSection>
  );
}
