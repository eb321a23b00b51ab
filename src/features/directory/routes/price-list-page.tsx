import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ServicePrice } from '../../../../schemas/catalogue';
import { QueryState } from '../../../components/query-state';
import { card, muted, page } from '../../../components/ui.css';
import { doctorListUrl } from '../../../../schemas/paths';
import { formatVnd } from '../../../lib/i18n/format-money';
import { usePageMeta } from '../../../tenant/use-page-meta';
import { useServicePricesQuery } from '../api';
import * as css from '../directory.css';

interface HospitalPrices {
  hospitalId: number;
  hospitalName: string;
  rows: { specialityId: number; specialityName: string; prices: Map<number, ServicePrice> }[];
}

/** The API's lines grouped by hospital, then speciality (already sorted by the server). */
function byHospital(lines: readonly ServicePrice[]): HospitalPrices[] {
  const hospitals = new Map<number, HospitalPrices>();
  for (const line of lines) {
    let hospital = hospitals.get(line.hospitalId);
    if (!hospital) {
      hospital = { hospitalId: line.hospitalId, hospitalName: line.hospitalName, rows: [] };
      hospitals.set(line.hospitalId, hospital);
    }
    let row = hospital.rows.at(-1);
    if (row?.specialityId !== line.specialityId) {
      row = { specialityId: line.specialityId, specialityName: line.specialityName, prices: new Map() };
      hospital.rows.push(row);
    }
    row.prices.set(line.serviceTypeId, line);
  }
  return [...hospitals.values()];
}

/**
 * Service prices (/service-prices, the footer's price list): what each hospital charges per
 * speciality and visit kind, the lowest to the highest fee of its doctors, from the database.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { data = [], isLoading, isError, refetch } = useServicePricesQuery();
  usePageMeta(t('prices.title'), t('prices.description'));
  const kinds = [...new Set(data.map((line) => line.serviceTypeId))].sort();
  const money = (amount: number) => formatVnd(amount, i18n.language);
  const range = (line: ServicePrice | undefined) =>
    !line
      ? '—'
      : line.minPrice === line.maxPrice
        ? money(line.minPrice)
        : `${money(line.minPrice)} – ${money(line.maxPrice)}`;
  return (
    <div className={page}>
      <h1>{t('prices.title')}</h1>
      <p className={muted}>{t('prices.intro')}</p>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={data.length === 0}
        onRetry={refetch}
        emptyText={t('prices.empty')}
      >
        {byHospital(data).map((hospital) => (
          <section
            key={hospital.hospitalId}
            className={card}
            aria-labelledby={`prices-${hospital.hospitalId}`}
          >
            <h2 id={`prices-${hospital.hospitalId}`}>
              <Link to={doctorListUrl({ hospitals: hospital.hospitalId })}>{hospital.hospitalName}</Link>
            </h2>
            <div className={css.priceTableWrap}>
              <table className={css.priceTable}>
                <caption className={muted}>
                  {t('prices.caption', { hospital: hospital.hospitalName })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('prices.speciality')}</th>
                    {kinds.map((kind) => (
                      <th key={kind} scope="col" className={css.priceCell}>
                        {t(`serviceType.${kind}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {hospital.rows.map((row) => (
                    <tr key={row.specialityId}>
                      <th scope="row">{row.specialityName}</th>
                      {kinds.map((kind) => (
                        <td key={kind} className={css.priceCell}>
                          {range(row.prices.get(kind))}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))}
      </QueryState>
    </div>
  );
}
