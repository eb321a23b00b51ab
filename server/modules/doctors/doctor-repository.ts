import type { DoctorCard, DoctorDetail } from '../../../schemas/catalogue';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';
import { APPROVED } from '../directory/index';

/** Doctor cards and details of the tenant (inside db.tenant). Only approved doctors are shown. */

/**
 * The doctor's next free slot for sorting: the maintained column while it is still in the future,
 * else computed from the free-slot index (the column went stale because its slot has passed and
 * the periodic refresh has not run yet). 'infinity' = no free slot, so those sort last.
 */
export const NEXT_FREE_SLOT = `CASE WHEN d.next_free_slot > now() THEN d.next_free_slot ELSE next_free_slot_of(d.doctor_id) END`;

export interface DoctorRow {
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
export function cardColumns(lang: LanguageCode, enabled: string): string {
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

export function toCard(r: DoctorRow): DoctorCard {
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
