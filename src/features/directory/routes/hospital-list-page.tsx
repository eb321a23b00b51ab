import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { useSearchParams } from 'react-router-dom';
import { useHospitalsQuery } from '../../../api/catalogue-api';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card, grid, muted, page } from '../../../components/ui.css';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { ListSearch } from '../components/list-search';
import * as css from '../directory.css';
import { LIST_PAGE_SIZE, listHref, listQueryOf } from '../../../../schemas/list-query';

/** Hospitals searched by name on the server (accents ignored), fifteen a page; both in the URL. */

/** The address, with the ward only when the address does not name it already (seeded ones do). */
const hospitalPlace = (h: { address: string; cityName: string }) =>
  !h.cityName || h.address.includes(h.cityName)
    ? h.address || h.cityName
    : [h.address, h.cityName].filter(Boolean).join(', ');

export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { text, page: pageNumber } = listQueryOf(search);
  const { data, isFetching, isError, refetch } = useHospitalsQuery({
    pageNumber,
    pageSize: LIST_PAGE_SIZE,
    ...(text ? { name: text } : {}),
  });
  const hospitals = data?.hospitals ?? [];
  usePageMeta(t('lists.hospitalsTitle'), t('pages.hospitals'));
  return (
    <div className={page}>
      <h1>{t('lists.hospitalsTitle')}</h1>
      <ListSearch key={text} label={t('pages.searchHospitals')} initial={text} />
      <QueryState
        isLoading={isFetching}
        isError={isError}
        isEmpty={hospitals.length === 0}
        onRetry={refetch}
        emptyText={t('lists.emptyHospitals')}
      >
        <ul className={grid}>
          {hospitals.map((hospital) => (
            <li key={hospital.hospitalId} className={card}>
              <RemoteImage
                className={css.hospitalImage}
                src={hospital.image}
                alt=""
                width={320}
                height={180}
                loading="lazy"
              />
              <h2 className={css.tileTitle}>{hospital.name}</h2>
              <ul className={css.facts}>
                <li className={muted}>{hospitalPlace(hospital)}</li>
                {hospital.contactNumber && (
                  <li>
                    <a href={`tel:${hospital.contactNumber.replace(/[^\d+]/g, '')}`}>
                      {hospital.contactNumber}
                    </a>
                  </li>
                )}
                <li>{t('lists.doctorCount', { count: hospital.doctorCount })}</li>
              </ul>
            </li>
          ))}
        </ul>
      </QueryState>
      {data && !isError && data.pagination.totalRecords > 0 && (
        <Pager pagination={data.pagination} hrefFor={(p) => listHref(text, p)} />
      )}
    </div>
  );
}
