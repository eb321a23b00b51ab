import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import type { Tenant, TenantRegistry } from '../../tenancy/registry';
import { parseHead } from './head-parse';
import { pageHead } from './page-head';

/** Test support for the SEO tests: ids of the seeded world and tenant variants. */

export interface SeoIds {
  doctor: number;
  waitingDoctor: number;
  hospital: number;
  speciality: number;
  blog: number;
  offer: number;
}

const first = async (db: Database, tenant: string, query: string) =>
  db.tenant(tenant, async (sql) => {
    const { rows } = await sql.query<{ id: number }>(query);
    if (!rows[0]) throw new Error(`no row for ${query} in ${tenant}`);
    return rows[0].id;
  });

/** One of each entity of a seeded tenant (the seed has a waiting doctor at index 17). */
export async function seoIds(db: Database, tenant: string): Promise<SeoIds> {
  return {
    doctor: await first(
      db,
      tenant,
      `SELECT d.doctor_id AS id FROM doctors d WHERE approval_status = 1 AND rating_count > 0
          AND EXISTS (SELECT 1 FROM doctor_specialities s WHERE s.doctor_id = d.doctor_id)
        ORDER BY doctor_id LIMIT 1`,
    ),
    waitingDoctor: await first(
      db,
      tenant,
      `SELECT doctor_id AS id FROM doctors WHERE approval_status <> 1 LIMIT 1`,
    ),
    hospital: await first(
      db,
      tenant,
      `SELECT hospital_id AS id FROM hospitals WHERE approval_status = 1 LIMIT 1`,
    ),
    speciality: await first(db, tenant, `SELECT speciality_id AS id FROM specialities LIMIT 1`),
    blog: await first(db, tenant, `SELECT blog_id AS id FROM blogs ORDER BY blog_id LIMIT 1`),
    offer: await first(db, tenant, `SELECT promo_code_id AS id FROM promo_codes LIMIT 1`),
  };
}

/** A copy of `tenant` with parts of its configuration replaced (same code: same data). */
export function tenantWith(tenant: Tenant, patch: (config: TenantConfig) => void): Tenant {
  const config = structuredClone(tenant.config);
  patch(config);
  return { ...tenant, config };
}

/** A registry where `code` is replaced by a variant (a staging portal, a feature off). */
export function registryWith(
  registry: TenantRegistry,
  code: string,
  patch: (config: TenantConfig) => void,
): TenantRegistry {
  const variant = tenantWith(registry.byCode.get(code)!, patch);
  const swap = (tenant: Tenant) => (tenant.config.code === code ? variant : tenant);
  return {
    byCode: new Map([...registry.byCode].map(([key, tenant]) => [key, swap(tenant)])),
    byDomain: new Map([...registry.byDomain].map(([key, tenant]) => [key, swap(tenant)])),
    defaultTenant: swap(registry.defaultTenant),
  };
}

/** The head of `url` as `pageHead` builds it, parsed (status, title, meta, canonical, JSON-LD). */
export async function headOf(
  db: Database,
  tenant: Tenant,
  url: string,
  { lang, origin }: { lang?: LanguageCode | undefined; origin: string },
) {
  const [path = '/', search = ''] = url.split('?');
  const result = await pageHead({
    db,
    tenant,
    lang: lang ?? tenant.config.languages.default,
    origin,
    path,
    search,
  });
  return { status: result.status, html: result.head, ...parseHead(result.head) };
}
