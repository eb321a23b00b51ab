import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { catalogueApi, useFilterDoctorsQuery } from '../../../api/catalogue-api';
import type { Prefetch } from '../../../app/route-entry';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { page } from '../../../components/ui.css';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { DoctorListCard } from '../components/doctor-list-card';
import { FilterPanel, SortControls } from '../components/filter-panel';
import * as css from '../doctors.css';
import {
  doctorFilterFromSearch,
  selectedServiceTypes,
  withPage,
} from '../../../../schemas/doctor-list-params';
import * as layout from '../filters.css';

/** The list the URL asks for, requested before the page renders. */
export const prefetch: Prefetch = (dispatch, { search }) =>
  void dispatch(catalogueApi.util.prefetch('filterDoctors', doctorFilterFromSearch(search), {}));

/** Doctor Listing: FilterDoctors for the filters, sort and page kept in the URL. */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const filter = doctorFilterFromSearch(search);
  const { data, isFetching, isError, refetch } = useFilterDoctorsQuery(filter);
  const doctors = data?.doctors ?? [];
  const listServiceTypes = selectedServiceTypes(search);
  const bookServiceType = listServiceTypes.length === 1 ? listServiceTypes[0] : null;
  const title = filter.healthProgramId ? t('filters.programTitle') : t('doctor.listTitle');
  usePageMeta(title, t('filters.description'));
  return (
    <div className={page}>
      <h1>{title}</h1>
      {filter.searchText && <p>{t('doctor.searchFor', { text: filter.searchText })}</p>}
      <div className={layout.layout}>
        <FilterPanel />
        <div>
          <SortControls />
          {data && !isFetching && !isError && (
            <p role="status">{t('doctor.found', { count: data.pagination.totalRecords })}</p>
          )}
          <QueryState
            isLoading={isFetching}
            isError={isError}
            isEmpty={doctors.length === 0}
            onRetry={refetch}
            emptyText={t('doctor.empty')}
          >
            <ul className={css.list}>
              {doctors.map((doctor) => (
                <li key={doctor.doctorId}>
                  <DoctorListCard doctor={doctor} serviceType={bookServiceType} />
                </li>
              ))}
            </ul>
          </QueryState>
          {data && !isError && data.pagination.totalRecords > 0 && (
            <Pager pagination={data.pagination} hrefFor={(p) => withPage(search, p)} />
          )}
        </div>
      </div>
    </div>
  );
}
