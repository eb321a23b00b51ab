import type { ServicePrice } from '../../../schemas/catalogue';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';
import { APPROVED } from '../directory/index';

/**
 * The tenant's service prices (the footer's "price list"): for each approved hospital, speciality
 * and visit kind the tenant offers, the lowest and highest fee of its approved doctors and how
 * many they are. From doctor_prices, so the list says what booking will charge (inside db.tenant).
 */
export async function listServicePrices(
  sql: Sql,
  lang: LanguageCode,
  features: readonly FeatureKey[],
): Promise<ServicePrice[]> {
  const { rows } = await sql.query<{
    hospital_id: number;
    hospital_name: string;
    speciality_id: number;
    speciality_name: string;
    service_type_id: number;
    min_price: number;
    max_price: number;
    doctors: number;
  }>(
    `SELECT h.hospital_id, h.name AS hospital_name, s.speciality_id, s.${localized('name', lang)} AS speciality_name,
            p.service_type_id, min(p.price)::int AS min_price, max(p.price)::int AS max_price,
            count(DISTINCT d.doctor_id)::int AS doctors
       FROM doctor_prices p
       JOIN doctors d ON d.doctor_id = p.doctor_id AND d.approval_status = ${APPROVED}
       JOIN service_types st ON st.service_type_id = p.service_type_id AND st.feature = ANY($1::text[])
       JOIN doctor_hospitals dh ON dh.doctor_id = d.doctor_id
       JOIN hospitals h ON h.hospital_id = dh.hospital_id AND h.approval_status = ${APPROVED}
       JOIN doctor_specialities ds ON ds.doctor_id = d.doctor_id
       JOIN specialities s ON s.speciality_id = ds.speciality_id
      GROUP BY h.hospital_id, h.name, s.speciality_id, speciality_name, p.service_type_id
      ORDER BY h.name, h.hospital_id, speciality_name, s.speciality_id, p.service_type_id`,
    [[...features]],
  );
  return rows.map((r) => ({
    hospitalId: r.hospital_id,
    hospitalName: r.hospital_name,
    specialityId: r.speciality_id,
    specialityName: r.speciality_name,
    serviceTypeId: r.service_type_id,
    minPrice: r.min_price,
    maxPrice: r.max_price,
    doctorCount: r.doctors,
  }));
}
