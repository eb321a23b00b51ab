import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { Link } from 'react-router-dom';
import { catalogueApi, useFilterDoctorsQuery } from '../../../api/catalogue-api';
import type { SectionPrefetch } from './section-prefetch';
import { QueryState } from '../../../components/query-state';
import { card, grid, muted } from '../../../components/ui.css';
import { paths } from '../../../../schemas/paths';
import * as css from '../home.css';
import { HomeSection } from './home-section';

/** The doctors the section shows (also what its prefetch asks for). */
const CONSULT_DOCTORS = { pageNumber: 1, pageSize: 4 };

export const prefetch: SectionPrefetch = (dispatch) =>
  void dispatch(catalogueApi.util.prefetch('filterDoctors', CONSULT_DOCTORS, {}));

/** A few doctors to consult, each linking to their profile. */
export function ConsultDoctorSection() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useFilterDoctorsQuery(CONSULT_DOCTORS);
  const doctors = data?.doctors ?? [];
  return (
    <HomeSection title={t('home.consultDoctor')} seeAllTo={paths.doctorList}>
      <QueryState isLoading={isLoading} isError={isError} isEmpty={doctors.length === 0} onRetry={refetch}>
        <ul className={grid}>
          {doctors.map((doctor) => (
            <li key={doctor.doctorId} className={card}>
              <Link className={css.tileLink} to={paths.doctorDetail(doctor.doctorId)}>
                <RemoteImage
                  className={css.tileIcon}
                  src={doctor.photo}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
                <div>
                  <h3 className={css.tileTitle}>
                    {[doctor.title, doctor.fullName].filter(Boolean).join(' ')}
                  </h3>
                  <span className={muted}>
                    {doctor.specialities.map((s) => s.name).join(', ') || t('doctor.generalPractitioner')}
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </QueryState>
    </HomeSection>
  );
}
