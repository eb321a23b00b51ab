import { useTranslation } from 'react-i18next';
import { RemoteImage } from '../../../components/remote-image';
import { Link, useSearchParams } from 'react-router-dom';
import { useSymptomsQuery } from '../../../api/catalogue-api';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { card, grid, page } from '../../../components/ui.css';
import { doctorListUrl } from '../../../../schemas/paths';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { ListSearch } from '../components/list-search';
import * as css from '../directory.css';
import { listHref, listQueryOf, pageOfMatches } from '../../../../schemas/list-query';

/** Symptoms, searchable (accents ignored) and paged by 15; each opens the doctors who treat it. */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { text, page: pageNumber } = listQueryOf(search);
  const { data: all = [], isLoading, isError, refetch } = useSymptomsQuery();
  const { items: data, pagination } = pageOfMatches(all, (symptom) => symptom.name, text, pageNumber);
  usePageMeta(t('lists.symptomsTitle'), t('pages.symptoms'));
  return (
    <div className={page}>
      <h1>{t('lists.symptomsTitle')}</h1>
      <ListSearch key={text} label={t('pages.searchSymptoms')} initial={text} />
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={data.length === 0}
        onRetry={refetch}
        emptyText={t('lists.emptySymptoms')}
      >
        <ul className={grid}>
          {data.map((symptom) => (
            <li key={symptom.symptomId} className={card}>
              <Link className={css.tile} to={doctorListUrl({ symptomId: symptom.symptomId })}>
                <RemoteImage
                  className={css.icon}
                  src={symptom.icon}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
                <h2 className={css.tileTitle}>{symptom.name}</h2>
              </Link>
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
