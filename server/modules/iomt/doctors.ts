import type { IomtDoctor } from '../../../schemas/iomt';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { onlineDoctorIds } from '../care/index';
import { localized } from '../reference/index';

interface DoctorRow {
  doctor_id: number;
  full_name: string;
  title: string;
  photo: string;
  specialities: { specialityId: number; name: string }[];
}

/**
 * The approved doctors of some IoMT packages ("Doctor list in IOMT package"), each once, by name,
 * one page, with whether each is online for a direct call now (the care module's presence).
 */
export async function packageDoctors(
  sql: Sql,
  iomtPackageIds: number[],
  lang: LanguageCode,
  page: { number: number; size: number },
  now: Date,
): Promise<{ doctors: IomtDoctor[]; total: number }> {
  const name = localized('name', lang);
  const { rows } = await sql.query<DoctorRow>(
    `SELECT d.doctor_id, d.full_name, d.title_${lang} AS title, d.photo,
            (SELECT coalesce(json_agg(json_build_object('specialityId', s.speciality_id, 'name', s.${name})
                                      ORDER BY s.sort_order, s.speciality_id), '[]')
               FROM doctor_specialities ds JOIN specialities s ON s.speciality_id = ds.speciality_id
              WHERE ds.doctor_id = d.doctor_id) AS specialities
       FROM doctors d
      WHERE d.approval_status = 1
        AND EXISTS (SELECT 1 FROM iomt_package_doctors x
                     WHERE x.doctor_id = d.doctor_id AND x.iomt_package_id = ANY($1::int[]))
      ORDER BY d.full_name, d.doctor_id
      LIMIT $2 OFFSET $3`,
    [iomtPackageIds, page.size, (page.number - 1) * page.size],
  );
  const online = new Set(await onlineDoctorIds(sql, now));
  return {
    doctors: rows.map((r) => ({
      doctorId: r.doctor_id,
      fullName: r.full_name,
      title: r.title,
      photo: r.photo,
      specialities: r.specialities,
      online: online.has(r.doctor_id),
    })),
    total: await countDoctors(sql, iomtPackageIds),
  };
}

/** How many doctors the packages have (the pagination's total). */
async function countDoctors(sql: Sql, iomtPackageIds: number[]): Promise<number> {
  const { rows } = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM doctors d WHERE d.approval_status = 1 AND EXISTS (
       SELECT 1 FROM iomt_package_doctors x WHERE x.doctor_id = d.doctor_id AND x.iomt_package_id = ANY($1::int[]))`,
    [iomtPackageIds],
  );
  return Number(rows[0]?.n ?? 0);
}

/** How many of the packages' doctors are online now. */
export async function packageDoctorsOnline(sql: Sql, iomtPackageIds: number[], now: Date): Promise<number> {
  const online = await onlineDoctorIds(sql, now);
  if (!online.length) return 0;
  const { rows } = await sql.query<{ n: string | number }>(
    `SELECT count(DISTINCT doctor_id) AS n FROM iomt_package_doctors
      WHERE iomt_package_id = ANY($1::int[]) AND doctor_id = ANY($2::int[])`,
    [iomtPackageIds, online],
  );
  return Number(rows[0]?.n ?? 0);
}
