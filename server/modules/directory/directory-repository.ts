import type { Hospital, Speciality, Symptom } from '../../../schemas/catalogue';
import type { Pagination } from '../../../schemas/envelope';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';

/** Specialities, symptoms and hospitals of the tenant (run inside db.tenant: RLS scopes rows). */

/** Approved doctors only: waiting or rejected doctors are not shown anywhere in the catalogue. */
export const APPROVED = 1;

/** A hospital row as `hospitalColumns` selects it. */
export interface HospitalRow {
  hospital_id: number;
  name: string;
  address: string;
  city_id: number | null;
  city_name: string | null;
  image: string;
  rating: string;
  contact_number: string;
  doctor_count: number;
}

/**
 * The select list of a Hospital card, for a query over `hospitals h LEFT JOIN cities c`:
 * one definition for the hospital list and a doctor's hospitals. The address is in the request
 * language (address_en in English, when the hospital has one).
 */
export const hospitalColumns = (lang: LanguageCode) =>
  `h.hospital_id, h.name, ${lang === 'en' ? "COALESCE(NULLIF(h.address_en, ''), h.address)" : 'h.address'} AS address, h.city_id, c.${localized('name', lang)} AS city_name, h.image, h.rating,
   h.contact_number,
   (SELECT count(*)::int FROM doctor_hospitals x JOIN doctors d ON d.doctor_id = x.doctor_id
     WHERE x.hospital_id = h.hospital_id AND d.approval_status = ${APPROVED}) AS doctor_count`;

/** A row of `hospitalColumns` as the API's Hospital. */
export const toHospital = (r: HospitalRow): Hospital => ({
  hospitalId: r.hospital_id,
  name: r.name,
  address: r.address,
  cityId: r.city_id,
  cityName: r.city_name ?? '',
  image: r.image,
  rating: Number(r.rating),
  contactNumber: r.contact_number,
  doctorCount: r.doctor_count,
});

export async function listSpecialities(sql: Sql, lang: LanguageCode): Promise<Speciality[]> {
  const { rows } = await sql.query<{
    speciality_id: number;
    name: string;
    description: string;
    icon: string;
    doctor_count: number;
  }>(
    `SELECT s.speciality_id, s.${localized('name', lang)} AS name, s.${localized('description', lang)} AS description, s.icon,
            coalesce(n.doctor_count, 0) AS doctor_count
       FROM specialities s
       -- One grouped count for all specialities: a per-row subquery rescanned the doctors each time.
       LEFT JOIN (SELECT ds.speciality_id, count(*)::int AS doctor_count
                    FROM doctor_specialities ds JOIN doctors d ON d.doctor_id = ds.doctor_id
                   WHERE d.approval_status = ${APPROVED}
                   GROUP BY ds.speciality_id) n ON n.speciality_id = s.speciality_id
      ORDER BY s.sort_order, s.speciality_id`,
  );
  return rows.map((r) => ({
    specialityId: r.speciality_id,
    name: r.name,
    description: r.description,
    icon: r.icon,
    doctorCount: r.doctor_count,
  }));
}

export async function listSymptoms(sql: Sql, lang: LanguageCode): Promise<Symptom[]> {
  const { rows } = await sql.query<{
    symptom_id: number;
    name: string;
    speciality_id: number | null;
    icon: string;
  }>(
    `SELECT symptom_id, ${localized('name', lang)} AS name, speciality_id, icon
       FROM symptoms ORDER BY sort_order, symptom_id`,
  );
  return rows.map((r) => ({
    symptomId: r.symptom_id,
    name: r.name,
    specialityId: r.speciality_id,
    icon: r.icon,
  }));
}

export interface HospitalFilter {
  cityId?: number;
  /** Accent- and case-insensitive "contains" (fold_text): "song hong" finds "Sông Hồng". */
  name?: string;
  pageNumber: number;
  pageSize: number;
}

/** Approved hospitals, best rated first, one page, with the total for the pager. */
export async function listHospitals(
  sql: Sql,
  lang: LanguageCode,
  filter: HospitalFilter,
): Promise<{ hospitals: Hospital[]; pagination: Pagination }> {
  const name = filter.name?.trim() || null;
  const where = `h.approval_status = ${APPROVED}
      AND ($1::int IS NULL OR h.city_id = $1)
      AND ($2::text IS NULL OR strpos(fold_text(h.name), fold_text($2)) > 0)`;
  const params = [filter.cityId ?? null, name];
  const { rows: counted } = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM hospitals h WHERE ${where}`,
    params,
  );
  const { rows } = await sql.query<HospitalRow>(
    `SELECT ${hospitalColumns(lang)}
       FROM hospitals h LEFT JOIN cities c ON c.city_id = h.city_id
      WHERE ${where}
      ORDER BY h.rating DESC, h.hospital_id
      LIMIT $3 OFFSET $4`,
    [...params, filter.pageSize, (filter.pageNumber - 1) * filter.pageSize],
  );
  return {
    hospitals: rows.map(toHospital),
    pagination: {
      pageNumber: filter.pageNumber,
      pageSize: filter.pageSize,
      totalRecords: counted[0]?.total ?? 0,
    },
  };
}
