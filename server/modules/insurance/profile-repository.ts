import type { Sql } from '../../db/database';

/** SQL of insurance_profiles (migration 017), in the tenant's transaction (RLS). */

export interface ProfileRow {
  insurance_profile_id: string;
  user_id: number;
  patient_id: number;
  insured_name: string;
  insurance_company_id: number;
  company_vi: string;
  company_en: string;
  health_card_number: string | null;
  health_card_photo_key: string | null;
  health_card_photo_name: string | null;
  social_card_number: string | null;
  social_card_photo_key: string | null;
  social_card_photo_name: string | null;
  contract_number: string | null;
  updated_at: Date;
}

const SELECT = `
  SELECT p.insurance_profile_id, p.user_id, p.patient_id, pt.full_name AS insured_name, p.insurance_company_id,
         k.name_vi AS company_vi, k.name_en AS company_en, p.health_card_number, p.health_card_photo_key,
         p.health_card_photo_name, p.social_card_number, p.social_card_photo_key, p.social_card_photo_name,
         p.contract_number, p.updated_at
    FROM insurance_profiles p
    JOIN insurance_companies k USING (insurance_company_id)
    JOIN patients pt ON pt.patient_id = p.patient_id`;

export async function listProfiles(sql: Sql, userId: number): Promise<ProfileRow[]> {
  const { rows } = await sql.query<ProfileRow>(
    `${SELECT} WHERE p.user_id = $1 ORDER BY pt.is_self DESC, pt.full_name, p.insurance_profile_id`,
    [userId],
  );
  return rows;
}

/** One profile of the user, optionally locked for a change (null: not theirs or none). */
export async function findProfile(
  sql: Sql,
  userId: number,
  profileId: number,
  lock = false,
): Promise<ProfileRow | null> {
  const { rows } = await sql.query<ProfileRow>(
    `${SELECT} WHERE p.user_id = $1 AND p.insurance_profile_id = $2${lock ? ' FOR UPDATE OF p' : ''}`,
    [userId, profileId],
  );
  return rows[0] ?? null;
}

export interface ProfileColumns {
  patientId: number;
  insuranceCompanyId: number;
  healthCardNumber: string | null;
  socialCardNumber: string | null;
  contractNumber: string | null;
  healthPhoto: { key: string; name: string } | null;
  socialPhoto: { key: string; name: string } | null;
}

export async function insertProfile(sql: Sql, userId: number, p: ProfileColumns, now: Date): Promise<number> {
  const { rows } = await sql.query<{ insurance_profile_id: string }>(
    `INSERT INTO insurance_profiles (user_id, patient_id, insurance_company_id, health_card_number,
       health_card_photo_key, health_card_photo_name, social_card_number, social_card_photo_key,
       social_card_photo_name, contract_number, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING insurance_profile_id`,
    [
      userId,
      p.patientId,
      p.insuranceCompanyId,
      p.healthCardNumber,
      p.healthPhoto?.key ?? null,
      p.healthPhoto?.name ?? null,
      p.socialCardNumber,
      p.socialPhoto?.key ?? null,
      p.socialPhoto?.name ?? null,
      p.contractNumber,
      now,
    ],
  );
  return Number(rows[0]!.insurance_profile_id);
}

export async function updateProfile(
  sql: Sql,
  userId: number,
  profileId: number,
  p: ProfileColumns,
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE insurance_profiles SET patient_id = $3, insurance_company_id = $4, health_card_number = $5,
       health_card_photo_key = $6, health_card_photo_name = $7, social_card_number = $8,
       social_card_photo_key = $9, social_card_photo_name = $10, contract_number = $11, updated_at = $12
     WHERE user_id = $1 AND insurance_profile_id = $2`,
    [
      userId,
      profileId,
      p.patientId,
      p.insuranceCompanyId,
      p.healthCardNumber,
      p.healthPhoto?.key ?? null,
      p.healthPhoto?.name ?? null,
      p.socialCardNumber,
      p.socialPhoto?.key ?? null,
      p.socialPhoto?.name ?? null,
      p.contractNumber,
      now,
    ],
  );
}

export async function deleteProfile(sql: Sql, userId: number, profileId: number): Promise<void> {
  await sql.query('DELETE FROM insurance_profiles WHERE user_id = $1 AND insurance_profile_id = $2', [
    userId,
    profileId,
  ]);
}
