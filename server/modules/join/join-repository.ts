import type { Sql } from '../../db/database';

/** Join requests: the pending doctors/hospitals rows and the applicant's form (inside db.tenant). */

export interface DoctorApplication {
  fullName: string;
  userName: string;
  email: string;
  phoneCode?: string;
  mobileNumber: string;
  gender: 'M' | 'F';
  licenseNumber: string;
  license: string;
  documents?: string[];
  picture: string;
  biography: string;
  languages: number[];
  experienceYears: number;
  specialityId?: number;
  cityId?: number;
}

export interface HospitalApplication {
  name: string;
  userName: string;
  email: string;
  phoneCode?: string;
  contactNumber: string;
  emergencyNumber: string;
  address?: string;
  cityId?: number;
  aboutUs: string;
  image: string;
  license: string;
  documents?: string[];
}

/** Whether a request (waiting or approved) already uses this username, any case, either kind. */
export async function userNameTaken(sql: Sql, userName: string): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM join_requests WHERE lower(form->>'userName') = lower($1) AND approval_status <> 2 LIMIT 1`,
    [userName],
  );
  return rows.length > 0;
}

/** Whether the id exists in a tenant-owned table (speciality, city picked on the form). */
export async function exists(sql: Sql, table: 'specialities' | 'cities', column: string, id: number) {
  const { rows } = await sql.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id]);
  return rows.length > 0;
}

/** A waiting doctor (approval_status 0) with languages and speciality, and its join request. */
export async function createDoctorRequest(sql: Sql, a: DoctorApplication): Promise<number> {
  const { rows } = await sql.query<{ doctor_id: number }>(
    `INSERT INTO doctors (full_name, gender, photo, biography_vi, biography_en, experience_years, city_id,
                          username, license_number, approval_status)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, 0) RETURNING doctor_id`,
    [
      a.fullName.trim(),
      a.gender,
      a.picture,
      a.biography.trim(),
      a.experienceYears,
      a.cityId ?? null,
      a.userName,
      a.licenseNumber,
    ],
  );
  const doctorId = rows[0]!.doctor_id;
  await sql.query(`INSERT INTO doctor_languages (doctor_id, language_id) SELECT $1, unnest($2::int[])`, [
    doctorId,
    a.languages,
  ]);
  if (a.specialityId) {
    await sql.query('INSERT INTO doctor_specialities (doctor_id, speciality_id) VALUES ($1, $2)', [
      doctorId,
      a.specialityId,
    ]);
  }
  const { rows: request } = await sql.query<{ join_request_id: number }>(
    `INSERT INTO join_requests (kind, doctor_id, email, phone_code, mobile_number, form)
     VALUES ('doctor', $1, $2, $3, $4, $5) RETURNING join_request_id`,
    [doctorId, a.email.trim(), a.phoneCode ?? '', a.mobileNumber, JSON.stringify(a)],
  );
  return request[0]!.join_request_id;
}

/** A waiting hospital (approval_status 0) and its join request. */
export async function createHospitalRequest(sql: Sql, a: HospitalApplication): Promise<number> {
  const { rows } = await sql.query<{ hospital_id: number }>(
    `INSERT INTO hospitals (name, city_id, address, contact_number, emergency_number, about_vi, about_en, image,
                            approval_status)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, 0) RETURNING hospital_id`,
    [
      a.name.trim(),
      a.cityId ?? null,
      a.address ?? '',
      a.contactNumber,
      a.emergencyNumber,
      a.aboutUs.trim(),
      a.image,
    ],
  );
  const { rows: request } = await sql.query<{ join_request_id: number }>(
    `INSERT INTO join_requests (kind, hospital_id, email, phone_code, mobile_number, form)
     VALUES ('hospital', $1, $2, $3, $4, $5) RETURNING join_request_id`,
    [rows[0]!.hospital_id, a.email.trim(), a.phoneCode ?? '', a.contactNumber, JSON.stringify(a)],
  );
  return request[0]!.join_request_id;
}

export interface JoinRequestRow {
  join_request_id: number;
  kind: 'doctor' | 'hospital';
  doctor_id: number | null;
  hospital_id: number | null;
  email: string;
  name: string;
  approval_status: number;
  created_at: Date | string;
}

/**
 * Requests of the tenant, newest first (operator listing). The explicit tenant_id tests matter
 * here and below: operator commands run as the owner, which bypasses RLS when it is a superuser.
 */
export async function listJoinRequests(sql: Sql): Promise<JoinRequestRow[]> {
  const { rows } = await sql.query<JoinRequestRow>(
    `SELECT j.join_request_id, j.kind, j.doctor_id, j.hospital_id, j.email,
            coalesce(d.full_name, h.name, '') AS name, j.approval_status, j.created_at
       FROM join_requests j LEFT JOIN doctors d ON d.doctor_id = j.doctor_id
       LEFT JOIN hospitals h ON h.hospital_id = j.hospital_id
      WHERE j.tenant_id = current_tenant()
      ORDER BY j.created_at DESC, j.join_request_id DESC`,
  );
  return rows;
}

/** A decided join request: what it was for and the applicant's email and name. */
export interface DecidedJoinRequest {
  kind: 'doctor' | 'hospital';
  doctorId: number | null;
  hospitalId: number | null;
  email: string;
  name: string;
}

/**
 * Approves (1) or rejects (2) a waiting request and its doctor or hospital row in one go.
 * Returns null when there is no waiting request with that id.
 */
export async function decideJoinRequest(
  sql: Sql,
  id: number,
  status: 1 | 2,
): Promise<DecidedJoinRequest | null> {
  const { rows } = await sql.query<{
    kind: 'doctor' | 'hospital';
    doctor_id: number | null;
    hospital_id: number | null;
    email: string;
  }>(
    `UPDATE join_requests SET approval_status = $2, decided_at = now()
      WHERE join_request_id = $1 AND approval_status = 0 AND tenant_id = current_tenant()
      RETURNING kind, doctor_id, hospital_id, email`,
    [id, status],
  );
  const row = rows[0];
  if (!row) return null;
  let name = '';
  if (row.doctor_id) {
    const { rows: d } = await sql.query<{ full_name: string }>(
      'UPDATE doctors SET approval_status = $2 WHERE doctor_id = $1 AND tenant_id = current_tenant() RETURNING full_name',
      [row.doctor_id, status],
    );
    name = d[0]?.full_name ?? '';
  }
  if (row.hospital_id) {
    const { rows: h } = await sql.query<{ name: string }>(
      'UPDATE hospitals SET approval_status = $2 WHERE hospital_id = $1 AND tenant_id = current_tenant() RETURNING name',
      [row.hospital_id, status],
    );
    name = h[0]?.name ?? '';
  }
  return { kind: row.kind, doctorId: row.doctor_id, hospitalId: row.hospital_id, email: row.email, name };
}
