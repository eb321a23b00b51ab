import type { DoctorCard, DoctorDetail, FilterDoctorsRequest } from '../../../schemas/catalogue';
import type { Pagination } from '../../../schemas/envelope';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';
import { APPROVED } from './directory-repository';
import { doctorOrder, doctorSearch, NEXT_FREE_SLOT } from './doctor-search';

/** Doctor cards and details of the tenant (inside db.tenant). Only approved doctors are shown. */

interface DoctorRow {
  doctor_id: number;
  full_name: string;
  title: string;
  gender: 'M' | 'F';
  photo: string;
  experience_years: number;
  rating: string;
  rating_count: number;
  city_name: string | null;
  specialities: { specialityId: number; name: string }[];
  hospitals: { hospitalId: number; name: string }[];
  languages: { languageId: number; name: string }[];
  prices: { serviceTypeId: number; price: number }[];
  next_slot: Date | string | null;
  biography?: string;
  total?: string | number | null;
}

/**
 * The select list of a doctor card for alias `d`. Linked lists are aggregated per doctor, so the
 * query costs one index lookup per shown doctor, never a scan of every link. `$enabled` is the
 * parameter holding the tenant's enabled feature keys: prices of service types the tenant does
 * not offer are left out. The next slot is the earliest free future slot (maintained column
 * doctors.next_free_slot, migration 008).
 */
function cardColumns(lang: LanguageCode, enabled: string): string {
  const name = localized('name', lang);
  return `d.doctor_id, d.full_name, d.title_${lang} AS title, d.gender::text AS gender, d.photo, d.experience_years,
    d.rating, d.rating_count, c.${name} AS city_name,
    (SELECT coalesce(json_agg(json_build_object('specialityId', s.speciality_id, 'name', s.${name}) ORDER BY s.sort_order, s.speciality_id), '[]')
       FROM doctor_specialities ds JOIN specialities s ON s.speciality_id = ds.speciality_id
      WHERE ds.doctor_id = d.doctor_id) AS specialities,
    (SELECT coalesce(json_agg(json_build_object('hospitalId', h.hospital_id, 'name', h.name) ORDER BY h.hospital_id), '[]')
       FROM doctor_hospitals dh JOIN hospitals h ON h.hospital_id = dh.hospital_id
      WHERE dh.doctor_id = d.doctor_id) AS hospitals,
    (SELECT coalesce(json_agg(json_build_object('languageId', l.language_id, 'name', ${lang === 'en' ? 'l.name' : 'l.name_vi'}) ORDER BY l.language_id), '[]')
       FROM doctor_languages dl JOIN languages l ON l.language_id = dl.language_id
      WHERE dl.doctor_id = d.doctor_id) AS languages,
    (SELECT coalesce(json_agg(json_build_object('serviceTypeId', p.service_type_id, 'price', p.price) ORDER BY p.service_type_id), '[]')
       FROM doctor_prices p JOIN service_types st ON st.service_type_id = p.service_type_id
      WHERE p.doctor_id = d.doctor_id AND st.feature = ANY(${enabled}::text[])) AS prices,
    nullif(${NEXT_FREE_SLOT}, 'infinity') AS next_slot`;
}

function toCard(r: DoctorRow): DoctorCard {
  return {
    doctorId: r.doctor_id,
    fullName: r.full_name,
    title: r.title,
    gender: r.gender,
    photo: r.photo,
    experienceYears: r.experience_years,
    rating: Number(r.rating),
    ratingCount: r.rating_count,
    cityName: r.city_name ?? '',
    specialities: r.specialities,
    hospitals: r.hospitals,
    languages: r.languages,
    prices: r.prices,
    nextAvailableSlot: r.next_slot === null ? null : new Date(r.next_slot).toISOString(),
  };
}

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

/** One approved doctor with biography, or null (absent, waiting or rejected, other tenant). */
export async function findDoctor(
  sql: Sql,
  lang: LanguageCode,
  enabledFeatures: readonly FeatureKey[],
  doctorId: number,
): Promise<DoctorDetail | null> {
  const { rows } = await sql.query<DoctorRow>(
    `SELECT ${cardColumns(lang, '$2')}, d.${localized('biography', lang)} AS biography
       FROM doctors d LEFT JOIN cities c ON c.city_id = d.city_id
      WHERE d.doctor_id = $1 AND d.approval_status = ${APPROVED}`,
    [doctorId, [...enabledFeatures]],
  );
  const row = rows[0];
  return row ? { ...toCard(row), biography: row.biography ?? '' } : null;
}
