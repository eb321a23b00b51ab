import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sql } from '../db/database';

const TENANTS_DIR = fileURLToPath(new URL('../../tenants', import.meta.url));

/** Fictional insurance companies of the demo (no real insurer's name). */
export const DEMO_INSURANCE_COMPANIES: { vi: string; en: string }[] = [
  { vi: 'Bảo hiểm Sông Xanh', en: 'Song Xanh Insurance' },
  { vi: 'Bảo hiểm Nhân thọ Hoa Sen Vàng', en: 'Golden Lotus Life Insurance' },
  { vi: 'Bảo hiểm Sức khỏe Mây Trắng', en: 'White Cloud Health Insurance' },
  { vi: 'Tổng công ty Bảo hiểm Núi Bạc', en: 'Silver Mountain Insurance Corporation' },
  { vi: 'Bảo hiểm An Khang Phương Nam', en: 'An Khang Southern Insurance' },
];

/**
 * Whether tenants/<code>/tenant.json leaves the insurance feature on (features default to on; a
 * code without a folder, such as a test tenant, has it on). Read leniently: the server validates.
 */
export function insuranceEnabled(code: string): boolean {
  const file = `${TENANTS_DIR}/${code}/tenant.json`;
  if (!existsSync(file)) return true;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { features?: { insurance?: unknown } };
    return json.features?.insurance !== false;
  } catch {
    return true;
  }
}

/**
 * Gives a tenant with the insurance feature its demo insurance companies (in this order; the
 * last one inactive, to show that only active ones are offered). Idempotent: a tenant that
 * already has companies is left alone. Runs in the seed's owner transaction with app.tenant_id set.
 * @returns the number of companies added
 */
export async function seedDemoInsurance(
  sql: Sql,
  code: string,
  enabled = insuranceEnabled(code),
): Promise<number> {
  if (!enabled) return 0;
  const { rows } = await sql.query(
    'SELECT 1 FROM insurance_companies WHERE tenant_id = current_tenant() LIMIT 1',
  );
  if (rows.length > 0) return 0;
  let order = 0;
  for (const company of DEMO_INSURANCE_COMPANIES) {
    order += 1;
    await sql.query(
      'INSERT INTO insurance_companies (name_vi, name_en, active, sort_order) VALUES ($1, $2, $3, $4)',
      [company.vi, company.en, order < DEMO_INSURANCE_COMPANIES.length, order * 10],
    );
  }
  return DEMO_INSURANCE_COMPANIES.length;
}
