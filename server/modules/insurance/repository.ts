import type { ClaimFileKind, ClaimStatus } from '../../../schemas/insurance';
import type { Sql } from '../../db/database';
import type { ClaimedFile } from '../../services/storage/index';

/** SQL of the insurance tables (migration 017). Every query runs in the tenant's transaction (RLS). */

export interface CompanyRow {
  insurance_company_id: number;
  name_vi: string;
  name_en: string;
  active: boolean;
  sort_order: number;
}

export async function listCompanies(sql: Sql, options: { activeOnly: boolean }): Promise<CompanyRow[]> {
  const { rows } = await sql.query<CompanyRow>(
    `SELECT insurance_company_id, name_vi, name_en, active, sort_order FROM insurance_companies
      WHERE tenant_id = current_tenant() AND ($1::boolean IS FALSE OR active) ORDER BY sort_order, insurance_company_id`,
    [options.activeOnly],
  );
  return rows;
}

export async function activeCompanyExists(sql: Sql, companyId: number): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM insurance_companies WHERE insurance_company_id = $1 AND active',
    [companyId],
  );
  return rows.length > 0;
}

/** The columns a claim keeps besides `answers`. */
export interface ClaimColumns {
  insuranceCompanyId: number;
  insuredName: string;
  policyNumber: string;
  dateOfBirth: string | null;
  idNumber: string | null;
  reason: string;
  eventDate: string;
  providerName: string;
  claimAmount: number;
}

export async function insertClaim(
  sql: Sql,
  userId: number,
  claim: ClaimColumns,
  answers: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const { rows } = await sql.query<{ insurance_claim_id: string }>(
    `INSERT INTO insurance_claims (user_id, insurance_company_id, insured_name, policy_number, date_of_birth,
       id_number, reason, event_date, provider_name, claim_amount, terms_accepted_at, answers, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, $11)
     RETURNING insurance_claim_id`,
    [
      userId,
      claim.insuranceCompanyId,
      claim.insuredName,
      claim.policyNumber,
      claim.dateOfBirth,
      claim.idNumber,
      claim.reason,
      claim.eventDate,
      claim.providerName,
      claim.claimAmount,
      now,
      JSON.stringify(answers),
    ],
  );
  return Number(rows[0]!.insurance_claim_id);
}

export async function insertClaimFiles(
  sql: Sql,
  claimId: number,
  userId: number,
  files: { kind: ClaimFileKind; file: ClaimedFile }[],
): Promise<void> {
  for (const { kind, file } of files) {
    await sql.query(
      `INSERT INTO insurance_claim_files (insurance_claim_id, user_id, kind, file_key, file_name, content_type, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [claimId, userId, kind, file.fileKey, file.fileName, file.contentType, file.sizeBytes],
    );
  }
}

export interface ClaimRow {
  insurance_claim_id: string;
  user_id: number;
  insurance_company_id: number;
  company_vi: string;
  company_en: string;
  insured_name: string;
  policy_number: string;
  date_of_birth: string | null;
  id_number: string | null;
  reason: string;
  event_date: string;
  provider_name: string;
  claim_amount: string;
  terms_accepted_at: Date;
  answers: Record<string, unknown> | string;
  status: ClaimStatus;
  status_note: string | null;
  status_changed_at: Date | null;
  created_at: Date;
}

const CLAIM_SELECT = `
  SELECT c.insurance_claim_id, c.user_id, c.insurance_company_id, k.name_vi AS company_vi, k.name_en AS company_en,
         c.insured_name, c.policy_number, to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, c.id_number,
         c.reason, to_char(c.event_date, 'YYYY-MM-DD') AS event_date, c.provider_name, c.claim_amount,
         c.terms_accepted_at, c.answers, c.status, c.status_note, c.status_changed_at, c.created_at
    FROM insurance_claims c JOIN insurance_companies k USING (insurance_company_id)`;

/** A page of the user's claims, newest first. */
export async function listClaims(
  sql: Sql,
  userId: number,
  options: { status?: ClaimStatus; pageNumber: number; pageSize: number },
): Promise<{ rows: ClaimRow[]; total: number }> {
  const where = 'WHERE c.user_id = $1 AND ($2::text IS NULL OR c.status = $2)';
  const { rows } = await sql.query<ClaimRow>(
    `${CLAIM_SELECT} ${where} ORDER BY c.created_at DESC, c.insurance_claim_id DESC LIMIT $3 OFFSET $4`,
    [userId, options.status ?? null, options.pageSize, (options.pageNumber - 1) * options.pageSize],
  );
  const count = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM insurance_claims c ${where}`, [
    userId,
    options.status ?? null,
  ]);
  return { rows, total: count.rows[0]!.n };
}

/** One claim of the user (null: not theirs, not this tenant's, or none). */
export async function findClaim(sql: Sql, userId: number, claimId: number): Promise<ClaimRow | null> {
  const { rows } = await sql.query<ClaimRow>(
    `${CLAIM_SELECT} WHERE c.user_id = $1 AND c.insurance_claim_id = $2`,
    [userId, claimId],
  );
  return rows[0] ?? null;
}

export interface ClaimFileRow {
  insurance_claim_file_id: string;
  insurance_claim_id: string;
  kind: ClaimFileKind;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

const FILE_COLUMNS =
  'insurance_claim_file_id, insurance_claim_id, kind, file_key, file_name, content_type, size_bytes';

export async function listClaimFiles(sql: Sql, userId: number, claimId: number): Promise<ClaimFileRow[]> {
  const { rows } = await sql.query<ClaimFileRow>(
    `SELECT ${FILE_COLUMNS} FROM insurance_claim_files WHERE user_id = $1 AND insurance_claim_id = $2
      ORDER BY array_position(ARRAY['id_front', 'id_back', 'document'], kind), insurance_claim_file_id`,
    [userId, claimId],
  );
  return rows;
}

export async function findClaimFile(sql: Sql, userId: number, fileId: number): Promise<ClaimFileRow | null> {
  const { rows } = await sql.query<ClaimFileRow>(
    `SELECT ${FILE_COLUMNS} FROM insurance_claim_files WHERE user_id = $1 AND insurance_claim_file_id = $2`,
    [userId, fileId],
  );
  return rows[0] ?? null;
}
