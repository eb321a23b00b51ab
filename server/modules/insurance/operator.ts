import { CLAIM_STATUSES, type ClaimStatus } from '../../../schemas/insurance';
import type { Sql } from '../../db/database';

/**
 * The operator side of insurance (`npm run admin -- insurance ...`), in an owner transaction with
 * the tenant set. A superuser owner (PGlite) bypasses RLS, so every query names the tenant too.
 */

export const isClaimStatus = (value: string): value is ClaimStatus =>
  (CLAIM_STATUSES as readonly string[]).includes(value);

export interface OperatorClaim {
  claimId: number;
  login: string;
  insuredName: string;
  company: string;
  amount: number;
  eventDate: string;
  status: ClaimStatus;
  statusNote: string | null;
  createdAt: Date;
  files: number;
}

/** Every claim of the tenant (newest first), optionally of one status. */
export async function operatorClaims(sql: Sql, status?: ClaimStatus): Promise<OperatorClaim[]> {
  const { rows } = await sql.query<OperatorClaim>(
    `SELECT c.insurance_claim_id::int AS "claimId", coalesce(u.email, u.mobile_number, '') AS login,
            c.insured_name AS "insuredName", k.name_vi AS company, c.claim_amount::bigint AS amount,
            to_char(c.event_date, 'YYYY-MM-DD') AS "eventDate", c.status, c.status_note AS "statusNote",
            c.created_at AS "createdAt",
            (SELECT count(*)::int FROM insurance_claim_files f WHERE f.insurance_claim_id = c.insurance_claim_id) AS files
       FROM insurance_claims c
       JOIN insurance_companies k USING (insurance_company_id)
       JOIN users u ON u.user_id = c.user_id
      WHERE c.tenant_id = current_tenant() AND ($1::text IS NULL OR c.status = $1)
      ORDER BY c.created_at DESC, c.insurance_claim_id DESC`,
    [status ?? null],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** Moves a claim to a status with an optional note; false when the tenant has no such claim. */
export async function setClaimStatus(
  sql: Sql,
  claimId: number,
  status: ClaimStatus,
  note: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE insurance_claims SET status = $2, status_note = $3, status_changed_at = $4, updated_at = $4
      WHERE insurance_claim_id = $1 AND tenant_id = current_tenant() RETURNING 1`,
    [claimId, status, note, now],
  );
  return rows.length > 0;
}
