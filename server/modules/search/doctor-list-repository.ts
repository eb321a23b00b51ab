import type { DoctorCard, FilterDoctorsRequest } from '../../../schemas/catalogue';
import type { Pagination } from '../../../schemas/envelope';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { APPROVED } from '../directory/index';
import { cardColumns, toCard, type DoctorRow } from '../doctors/index';
import { doctorOrder, doctorSearch, searchesNamesOnly } from './doctor-search';

/** The doctor list (FilterDoctors) of the tenant (inside db.tenant). Only approved doctors are shown. */

/**
 * The page of an earliest-slot search without scanning every doctor: doctors whose maintained
 * next_free_slot is still ahead come in index order (doctors_next_free_slot_idx) and stop after
 * the page; those whose value has passed (few: the refresh rewrites them every minute) get theirs
 * computed. Both merge into one order, the same as NEXT_FREE_SLOT gives.
 */
function earliestPage(where: string, n: number): string {
  return `SELECT doctor_id, NULL::bigint AS total FROM (
      (SELECT d.doctor_id, d.next_free_slot AS next_at, d.rating FROM doctors d
        WHERE ${where} AND d.next_free_slot > now()
        ORDER BY d.next_free_slot, d.rating DESC, d.doctor_id
        LIMIT $${n + 1}::int + $${n + 2}::int)
      UNION ALL
      (SELECT d.doctor_id, next_free_slot_of(d.doctor_id), d.rating FROM doctors d
        WHERE ${where} AND (d.next_free_slot IS NULL OR d.next_free_slot <= now()))) x
    ORDER BY next_at, rating DESC, doctor_id
    LIMIT $${n + 1} OFFSET $${n + 2}`;
}

/**
 * One page of approved doctors matching every given filter (filters combine with AND, values of
 * one filter with OR). `experiences` holds minimum years: a doctor matches with at least the
 * smallest value given ("5+ years" or "10+ years" -> 5 years or more). `serviceTypes` only
 * counts types the tenant offers, so asking for a disabled type finds nobody.
 * Ordered by `orderType` (rating by default; DESC by default, ASC on request), see doctorOrder.
 * `nameIds`: the doctors matching `searchText` by name, when the search index answered.
 */
export async function filterDoctors(
  sql: Sql,
  lang: LanguageCode,
  enabledFeatures: readonly FeatureKey[],
  filter: FilterDoctorsRequest,
  nameIds?: readonly number[],
): Promise<{ doctors: DoctorCard[]; pagination: Pagination }> {
  const pageNumber = filter.pageNumber ?? 1;
  const pageSize = filter.pageSize ?? 15;
  const search = doctorSearch(filter, enabledFeatures, nameIds);
  const whereParams = [...search.params];
  // The order may add parameters of its own (price sort): taken after the WHERE's.
  const order = doctorOrder(filter, search, enabledFeatures);
  const { where, params } = search;
  const n = params.length;
  const earliest = filter.orderType === 'earliestSlot';
  const { rows } = await sql.query<DoctorRow>(
    `WITH page AS (${
      earliest
        ? earliestPage(where, n)
        : `
       SELECT d.doctor_id, count(*) OVER () AS total
         FROM doctors d
        WHERE ${where}
        ORDER BY ${order}
        LIMIT $${n + 1} OFFSET $${n + 2}`
    })
     SELECT page.total, ${cardColumns(lang, `$${n + 3}`)}
       FROM page JOIN doctors d ON d.doctor_id = page.doctor_id
       LEFT JOIN cities c ON c.city_id = d.city_id
      ORDER BY ${order}`,
    [...params, pageSize, (pageNumber - 1) * pageSize, [...enabledFeatures]],
  );
  let total = rows[0]?.total ?? undefined;
  if (earliest || (total === undefined && pageNumber > 1)) {
    // The earliest-slot page carries no count, and past the last page the window count has no
    // row to ride on: count separately (an index-only scan of doctors_listing_idx when unfiltered).
    const counted = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM doctors d WHERE ${where}`,
      whereParams,
    );
    total = counted.rows[0]?.n;
  }
  return {
    doctors: rows.map(toCard),
    pagination: { pageNumber, pageSize, totalRecords: Number(total ?? 0) },
  };
}

/**
 * The page of a name search the search index has already ordered (`nameIds`: every match in the
 * list's default order, see searchesNamesOnly): the ids of the asked page and the pagination, or
 * undefined when the filter needs SQL to filter or order. The same page as filterDoctors: the
 * index holds the approved doctors of the tenant in that order (tests compare both).
 */
export function indexPage(
  filter: FilterDoctorsRequest,
  nameIds: readonly number[],
): { ids: number[]; pagination: Pagination } | undefined {
  if (!searchesNamesOnly(filter)) return undefined;
  const pageNumber = filter.pageNumber ?? 1;
  const pageSize = filter.pageSize ?? 15;
  return {
    ids: nameIds.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    pagination: { pageNumber, pageSize, totalRecords: nameIds.length },
  };
}

/**
 * The cards of the given doctors, in the given order (inside db.tenant): a page the search index
 * chose, so that the database reads 15 doctors instead of filtering, counting and sorting
 * thousands of matches (a common family name) per search. A doctor no longer approved (a change
 * whose notice has not yet reached this process's index) is left out, as the SQL would.
 */
export async function doctorCards(
  sql: Sql,
  lang: LanguageCode,
  enabledFeatures: readonly FeatureKey[],
  ids: readonly number[],
): Promise<DoctorCard[]> {
  const { rows } = await sql.query<DoctorRow>(
    `SELECT ${cardColumns(lang, '$2')}
       FROM unnest($1::int[]) WITH ORDINALITY AS page(doctor_id, n)
       JOIN doctors d ON d.doctor_id = page.doctor_id
       LEFT JOIN cities c ON c.city_id = d.city_id
      WHERE d.approval_status = ${APPROVED}
      ORDER BY page.n`,
    [[...ids], [...enabledFeatures]],
  );
  return rows.map(toCard);
}
