import type { Patient } from '../../../schemas/patients';
import { ageOf, missingPersonalInfo } from '../../../schemas/patient-rules';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { addressTexts } from '../addresses/index';

interface PatientRow {
  patient_id: number;
  is_self: boolean;
  full_name: string;
  gender: string | null;
  date_of_birth: string | null;
  id_number: string | null;
  mobile_number: string | null;
  email: string | null;
  zalo_number: string | null;
  relation_id: number | null;
  relation_name: string | null;
  address_id: number | null;
}

/** The patient form's fields (schemas/forms/patient.schema.json), validated and trimmed. */
export interface PatientForm {
  fullName: string;
  gender: 'M' | 'F';
  dateOfBirth: string;
  idNumber?: string;
  mobileNumber?: string;
  email?: string;
  zaloNumber?: string;
  relationId?: number;
  addressId?: number;
}

const selectPatients = (lang: LanguageCode) => `
  SELECT p.patient_id, p.is_self, p.full_name, p.gender, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
         p.id_number, p.mobile_number, p.email, p.zalo_number, p.relation_id,
         r.${lang === 'en' ? 'name_en' : 'name_vi'} AS relation_name, p.address_id
    FROM patients p LEFT JOIN relations r ON r.relation_id = p.relation_id`;

async function toPatients(sql: Sql, userId: number, rows: PatientRow[], today: string): Promise<Patient[]> {
  const ids = [...new Set(rows.map((r) => r.address_id).filter((id): id is number => id !== null))];
  const texts = await addressTexts(sql, userId, ids);
  return rows.map((r) => ({
    patientId: r.patient_id,
    isSelf: r.is_self,
    fullName: r.full_name,
    gender: r.gender,
    dateOfBirth: r.date_of_birth,
    age: r.date_of_birth ? ageOf(r.date_of_birth, today) : null,
    idNumber: r.id_number,
    mobileNumber: r.mobile_number,
    email: r.email,
    zaloNumber: r.zalo_number,
    relationId: r.relation_id,
    relationName: r.relation_name,
    addressId: r.address_id,
    addressText: r.address_id === null ? null : (texts.get(r.address_id) ?? null),
    missing: missingPersonalInfo({ fullName: r.full_name, gender: r.gender, dateOfBirth: r.date_of_birth }),
  }));
}

/**
 * Makes sure the account holder exists as a patient ("myself"), created from the profile (name,
 * gender, date of birth, email, phone); personal fields still empty there are filled from the
 * profile when it has them since. The partial unique index makes concurrent first calls safe.
 */
export async function ensureSelf(sql: Sql, userId: number): Promise<void> {
  await sql.query(
    `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth, email, phone_code, mobile_number)
     SELECT u.user_id, true, u.full_name, u.gender, u.date_of_birth, u.email, u.phone_code,
            CASE WHEN u.phone_code = '+84' THEN '0' || u.mobile_number ELSE u.mobile_number END
       FROM users u
      WHERE u.user_id = $1
        AND NOT EXISTS (SELECT 1 FROM patients s WHERE s.user_id = $1 AND s.is_self AND s.deleted_at IS NULL)
     ON CONFLICT (tenant_id, user_id) WHERE is_self AND deleted_at IS NULL DO NOTHING`,
    [userId],
  );
  await sql.query(
    `UPDATE patients p
        SET full_name = CASE WHEN btrim(p.full_name) = '' THEN u.full_name ELSE p.full_name END,
            gender = COALESCE(p.gender, u.gender),
            date_of_birth = COALESCE(p.date_of_birth, u.date_of_birth)
       FROM users u
      WHERE u.user_id = p.user_id AND p.user_id = $1 AND p.is_self AND p.deleted_at IS NULL
        AND ((btrim(p.full_name) = '' AND btrim(u.full_name) <> '')
          OR (p.gender IS NULL AND u.gender IS NOT NULL)
          OR (p.date_of_birth IS NULL AND u.date_of_birth IS NOT NULL))`,
    [userId],
  );
}

/** The user's patients (not deleted): myself first, then family members in the order added. */
export async function listPatients(sql: Sql, userId: number, lang: LanguageCode, today: string) {
  const { rows } = await sql.query<PatientRow>(
    `${selectPatients(lang)} WHERE p.user_id = $1 AND p.deleted_at IS NULL ORDER BY p.is_self DESC, p.patient_id`,
    [userId],
  );
  return toPatients(sql, userId, rows, today);
}

/** One of the user's patients (not deleted), else null. */
export async function findPatient(
  sql: Sql,
  userId: number,
  patientId: number,
  lang: LanguageCode,
  today: string,
): Promise<Patient | null> {
  const { rows } = await sql.query<PatientRow>(
    `${selectPatients(lang)} WHERE p.patient_id = $1 AND p.user_id = $2 AND p.deleted_at IS NULL`,
    [patientId, userId],
  );
  return rows.length ? (await toPatients(sql, userId, rows, today))[0]! : null;
}

/** Is the patient the user's (not deleted)? Locks the row against a concurrent delete. */
export async function lockPatient(
  sql: Sql,
  userId: number,
  patientId: number,
  mode: 'UPDATE' | 'SHARE',
): Promise<{
  is_self: boolean;
  full_name: string;
  gender: string | null;
  date_of_birth: string | null;
} | null> {
  const { rows } = await sql.query<{
    is_self: boolean;
    full_name: string;
    gender: string | null;
    date_of_birth: string | null;
  }>(
    `SELECT is_self, full_name, gender, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth
       FROM patients WHERE patient_id = $1 AND user_id = $2 AND deleted_at IS NULL FOR ${mode}`,
    [patientId, userId],
  );
  return rows[0] ?? null;
}

/** Does another live patient of the tenant hold this ID/passport number? */
export async function idNumberTaken(sql: Sql, idNumber: string, exceptPatientId: number | null) {
  const { rows } = await sql.query(
    `SELECT 1 FROM patients WHERE upper(id_number) = upper($1) AND deleted_at IS NULL
        AND patient_id IS DISTINCT FROM $2 LIMIT 1`,
    [idNumber, exceptPatientId],
  );
  return rows.length > 0;
}

export async function relationExists(sql: Sql, relationId: number) {
  const { rows } = await sql.query('SELECT 1 FROM relations WHERE relation_id = $1', [relationId]);
  return rows.length > 0;
}

const columns = (form: PatientForm, isSelf: boolean) => [
  form.fullName,
  form.gender,
  form.dateOfBirth,
  form.idNumber ?? null,
  form.mobileNumber ?? null,
  form.email ?? null,
  form.zaloNumber ?? null,
  isSelf ? null : (form.relationId ?? null),
  form.addressId ?? null,
];

export async function insertPatient(sql: Sql, userId: number, form: PatientForm, now: Date): Promise<number> {
  const { rows } = await sql.query<{ patient_id: number }>(
    `INSERT INTO patients (user_id, full_name, gender, date_of_birth, id_number, mobile_number, email,
                           zalo_number, relation_id, address_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING patient_id`,
    [userId, ...columns(form, false), now],
  );
  return rows[0]!.patient_id;
}

/**
 * Replaces a patient's form fields. For the account holder the name, gender and date of birth are
 * the profile's too, so they are written to the account as well.
 */
export async function updatePatient(
  sql: Sql,
  userId: number,
  patientId: number,
  isSelf: boolean,
  form: PatientForm,
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE patients SET full_name = $3, gender = $4, date_of_birth = $5, id_number = $6, mobile_number = $7,
            email = $8, zalo_number = $9, relation_id = $10, address_id = $11, updated_at = $12
      WHERE patient_id = $1 AND user_id = $2`,
    [patientId, userId, ...columns(form, isSelf), now],
  );
  if (isSelf) {
    await sql.query(`UPDATE users SET full_name = $2, gender = $3, date_of_birth = $4 WHERE user_id = $1`, [
      userId,
      form.fullName,
      form.gender,
      form.dateOfBirth,
    ]);
  }
}

/** Has the patient an active appointment that has not ended yet? */
export async function hasUpcomingAppointment(sql: Sql, patientId: number, now: Date) {
  const { rows } = await sql.query(
    `SELECT 1 FROM appointments WHERE patient_id = $1 AND active AND ends_at > $2 LIMIT 1`,
    [patientId, now],
  );
  return rows.length > 0;
}

export async function softDeletePatient(sql: Sql, patientId: number, now: Date) {
  await sql.query(`UPDATE patients SET deleted_at = $2, updated_at = $2 WHERE patient_id = $1`, [
    patientId,
    now,
  ]);
}
