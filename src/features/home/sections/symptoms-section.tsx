import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { Link } from 'react-router-dom';
import { catalogueApi, useSymptomsQuery } from '../../../api/catalogue-api';
import type { SectionPrefetch } from './section-prefetch';
import { QueryState } from '../../../components/query-state';
import { card, grid } from '../../../components/ui.css';
import { doctorListUrl, paths } from '../../../../schemas/paths';
import * as css from '../home.css';
import { HomeSection } from './home-section';

export const prefetch: SectionPrefetch = (dispatch) =>
  void dispatch(catalogueApi.util.prefetch('symptoms', undefined, {}));

/** Common symptoms, each opening the doctors who treat it. */
export function SymptomsSection() {
  const { t } = useTranslation();
  const { data = [], isLoading, isError, refetch } = useSymptomsQuery();
  return (
    <HomeSection title={t('home.symptoms')} seeAllTo={paths.symptomList}>
      <QueryState isLoading={isLoading} isError={isError} isEmpty={data.length === 0} onRetry={refetch}>
        <ul className={grid}>
          {data.slice(0, 12).map((symptom) => (
            <li key={symptom.symptomId} className={card}>
              <Link className={css.tileLink} to={doctorListUrl({ symptomId: symptom.symptomId })}>
                <RemoteImage
                  className={css.tileIcon}
                  src={symptom.icon}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
                <h3 className={css.tileTitle}>{symptom.name}</h3>
              </Link>
            </li>
          ))}
        </ul>
      </QueryState>
    </HomeSection>
  );
}
