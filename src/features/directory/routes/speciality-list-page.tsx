import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { Link, useSearchParams } from 'react-router-dom';
import { useSpecialitiesQuery } from '../../../api/catalogue-api';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card, grid, muted, page } from '../../../components/ui.css';
import { doctorListUrl } from '../../../../schemas/paths';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { ListSearch } from '../components/list-search';
import * as css from '../directory.css';
import { listHref, listQueryOf, pageOfMatches } from '../../../../schemas/list-query';

/** Specialities, searchable (accents ignored) and paged by 15; each opens its doctors. */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { text, page: pageNumber } = listQueryOf(search);
  const { data: all = [], isLoading, isError, refetch } = useSpecialitiesQuery();
  const { items: data, pagination } = pageOfMatches(all, (speciality) => speciality.name, text, pageNumber);
  usePageMeta(t('lists.specialitiesTitle'), t('pages.specialities'));
  return (
    <div className={page}>
      <h1>{t('lists.specialitiesTitle')}</h1>
      <ListSearch key={text} label={t('pages.searchSpecialities')} initial={text} />
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={data.length === 0}
        onRetry={refetch}
        emptyText={t('lists.emptySpecialities')}
      >
        <ul className={grid}>
          {data.map((speciality) => (
            <li key={speciality.specialityId} className={card}>
              <Link className={css.tile} to={doctorListUrl({ specialityId: speciality.specialityId })}>
                <RemoteImage
                  className={css.icon}
                  src={speciality.icon}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
                <div>
                  <h2 className={css.tileTitle}>{speciality.name}</h2>
                  <span className={muted}>{t('lists.doctorCount', { count: speciality.doctorCount })}</span>
                </div>
              </Link>
              {speciality.description && <p className={muted}>{speciality.description}</p>}
            </li>
          ))}
        </ul>
      </QueryState>
      {!isLoading && !isError && pagination.totalRecords > 0 && (
        <Pager pagination={pagination} hrefFor={(p) => listHref(text, p)} />
      )}
    </div>
  );
}
