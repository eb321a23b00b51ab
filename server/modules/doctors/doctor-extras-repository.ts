import type { Hospital, Symptom } from '../../../schemas/catalogue';
import type { FeatureKey } from '../../../schemas/features';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { APPROVED, hospitalColumns, toHospital, type HospitalRow } from '../directory/index';
import { localized } from '../reference/index';

/** Doctor-detail side lists (inside db.tenant: RLS keeps them to the tenant). */

/** Whether an approved doctor of the tenant has this id (detail endpoints answer 404 otherwise). */
export async function doctorExists(sql: Sql, doctorId: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM doctors WHERE doctor_id = $1 AND approval_status = $2', [
    doctorId,
    APPROVED,
  ]);
  return rows.length > 0;
}

/** The approved hospitals a doctor works at, best rated first. */
export async function doctorHospitals(sql: Sql, lang: LanguageCode, doctorId: number): Promise<Hospital[]> {
  const { rows } = await sql.query<HospitalRow>(
    `SELECT ${hospitalColumns(lang)}
       FROM doctor_hospitals dh JOIN hospitals h ON h.hospital_id = dh.hospital_id
       LEFT JOIN cities c ON c.city_id = h.city_id
      WHERE dh.doctor_id = $1 AND h.approval_status = ${APPROVED}
      ORDER BY h.rating DESC, h.hospital_id`,
    [doctorId],
  );
  return rows.map(toHospital);
}

/**
 * The price of one service type at a doctor, or null when the doctor does not offer it or the
 * tenant has the type switched off. No discount applies before a promo code is chosen, so
 * finalPrice equals price here; ApplyPromoCode (booking) computes discounted prices.
 */
export async function priceOf(
  sql: Sql,
  enabledFeatures: readonly FeatureKey[],
  doctorId: number,
  serviceTypeId: number,
): Promise<number | null> {
  const { rows } = await sql.query<{ price: number }>(
    `SELECT p.price FROM doctor_prices p
       JOIN doctors d ON d.doctor_id = p.doctor_id AND d.approval_status = ${APPROVED}
       JOIN service_types st ON st.service_type_id = p.service_type_id
      WHERE p.doctor_id = $1 AND p.service_type_id = $2 AND st.feature = ANY($3::text[])`,
    [doctorId, serviceTypeId, [...enabledFeatures]],
  );
  return rows[0]?.price ?? null;
}

/** Every approved doctor's id and name, by name (the doctor picker). */
export async function doctorNames(sql: Sql): Promise<{ doctorId: number; fullName: string }[]> {
  const { rows } = await sql.query<{ doctor_id: number; full_name: string }>(
    `SELECT doctor_id, full_name FROM doctors WHERE approval_status = ${APPROVED} ORDER BY search_name, doctor_id`,
  );
  return rows.map((r) => ({ doctorId: r.doctor_id, fullName: r.full_name }));
}

/** Every approved hospital's id and name, by name. */
export async function hospitalNames(sql: Sql): Promise<{ hospitalId: number; name: string }[]> {
  const { rows } = await sql.query<{ hospital_id: number; name: string }>(
    `SELECT hospital_id, name FROM hospitals WHERE approval_status = ${APPROVED} ORDER BY fold_text(name), hospital_id`,
  );
  return rows.map((r) => ({ hospitalId: r.hospital_id, name: r.name }));
}

/** The symptoms a doctor treats (the booking form's symptom picker). */
export async function symptomsByDoctor(sql: Sql, lang: LanguageCode, doctorId: number): Promise<Symptom[]> {
  const { rows } = await sql.query<{
    symptom_id: number;
    name: string;
    speciality_id: number | null;
    icon: string;
  }>(
    `SELECT s.symptom_id, s.${localized('name', lang)} AS name, s.speciality_id, s.icon
       FROM doctor_symptoms ds JOIN symptoms s ON s.symptom_id = ds.symptom_id
      WHERE ds.doctor_id = $1 ORDER BY s.sort_order, s.symptom_id`,
    [doctorId],
  );
  return rows.map((r) => ({
    symptomId: r.symptom_id,
    name: r.name,
    specialityId: r.speciality_id,
    icon: r.icon,
  }));
}
