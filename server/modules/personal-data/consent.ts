import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';

/** The consent version a tenant asks for now (tenant.json `privacy.healthDataConsent.version`). */
export const consentVersionOf = (tenant: TenantConfig) => tenant.privacy.healthDataConsent.version;

/** Whether the user has a standing consent to the processing of health data in the current version. */
export async function hasHealthDataConsent(sql: Sql, userId: number, tenant: TenantConfig): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM data_consents
      WHERE user_id = $1 AND purpose = 'health_data' AND version = $2 AND withdrawn_at IS NULL`,
    [userId, consentVersionOf(tenant)],
  );
  return rows.length > 0;
}

/**
 * Refuses (403 `consent_required`) to store health data (a record, a claim, an insurance profile,
 * a fee guarantee request) for a user who has not consented to the current version of the
 * tenant's text. Call it inside the transaction that writes the data.
 */
export async function requireHealthDataConsent(
  sql: Sql,
  userId: number,
  tenant: TenantConfig,
): Promise<void> {
  if (!(await hasHealthDataConsent(sql, userId, tenant))) throw new ApiError(403, 'consent_required');
}
