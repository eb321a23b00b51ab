import { createHash } from 'node:crypto';
import type { HealthDataConsent } from '../../../schemas/personal-data';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { defaultConsentText } from './default-consent';

/** The consent version a tenant asks for now (tenant.json `privacy.healthDataConsent.version`). */
export const consentVersionOf = (tenant: TenantConfig) => tenant.privacy.healthDataConsent.version;

/**
 * The consent text shown in a language: the tenant's own (tenant.json), else the built-in default
 * naming the tenant. The text's SHA-256 is what a consent records.
 */
export function consentTextOf(tenant: TenantConfig, lang: LanguageCode): string {
  const own = tenant.privacy.healthDataConsent.text[lang]?.trim();
  return own || defaultConsentText(tenant.name[lang] || tenant.name.vi, lang);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

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

/** The current text in a language and the user's standing consent to its version, if any. */
export async function healthDataConsentState(
  sql: Sql,
  userId: number,
  tenant: TenantConfig,
  lang: LanguageCode,
): Promise<HealthDataConsent> {
  const version = consentVersionOf(tenant);
  const { rows } = await sql.query<{ given_at: Date }>(
    `SELECT given_at FROM data_consents
      WHERE user_id = $1 AND purpose = 'health_data' AND version = $2 AND withdrawn_at IS NULL`,
    [userId, version],
  );
  const givenAt = rows[0] ? new Date(rows[0].given_at).toISOString() : null;
  return { version, text: consentTextOf(tenant, lang), language: lang, consented: !!givenAt, givenAt };
}

/**
 * Records the user's consent to `version`, which must be the current one (else 409
 * `consent_version_changed`: the text changed while it was being read). Keeps the proof: the
 * SHA-256 of the text shown in `lang`, the language, ip and device. A standing consent to the
 * same version is kept as is (idempotent; the unique index also settles a concurrent double tap).
 */
export async function giveHealthDataConsent(
  sql: Sql,
  userId: number,
  tenant: TenantConfig,
  given: { version: string; lang: LanguageCode; ip: string | null; deviceId: string | null },
): Promise<void> {
  if (given.version !== consentVersionOf(tenant))
    throw new ApiError(409, 'consent_version_changed', ['consent_version_changed']);
  await sql.query(
    `INSERT INTO data_consents (user_id, purpose, version, text_sha256, language, ip, device_id)
     VALUES ($1, 'health_data', $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, user_id, purpose, version) WHERE withdrawn_at IS NULL DO NOTHING`,
    [
      userId,
      given.version,
      sha256(consentTextOf(tenant, given.lang)),
      given.lang,
      given.ip?.slice(0, 64) ?? null,
      given.deviceId?.slice(0, 64) ?? null,
    ],
  );
}

/**
 * Withdraws every standing health-data consent of the user (any version). Stored data stays
 * until the user deletes it or the account; new health data is refused from now on.
 */
export async function withdrawHealthDataConsent(sql: Sql, userId: number, now = new Date()): Promise<void> {
  await sql.query(
    `UPDATE data_consents SET withdrawn_at = $2
      WHERE user_id = $1 AND purpose = 'health_data' AND withdrawn_at IS NULL`,
    [userId, now],
  );
}

/** The user's consents, given and withdrawn, for the export archive. */
export async function consentHistory(sql: Sql, userId: number) {
  const { rows } = await sql.query<{
    purpose: string;
    version: string;
    text_sha256: string;
    language: string;
    given_at: Date;
    withdrawn_at: Date | null;
  }>(
    `SELECT purpose, version, text_sha256, language, given_at, withdrawn_at FROM data_consents
      WHERE user_id = $1 ORDER BY given_at, consent_id`,
    [userId],
  );
  return rows.map((r) => ({
    purpose: r.purpose,
    version: r.version,
    textSha256: r.text_sha256,
    language: r.language,
    givenAt: new Date(r.given_at).toISOString(),
    withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
  }));
}
