import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FeatureKey } from '../../schemas/features';
import type { Sql } from '../db/database';
import type { Bilingual } from './data/medical';

/** What kind of organisation a tenant is: shapes hospital names and the about-us page. */
export type TenantKind = 'platform' | 'hospital' | 'clinic';

/** Everything the seed knows about the tenant it fills. */
export interface TenantProfile {
  code: string;
  kind: TenantKind;
  brand: Bilingual;
  /** Legal name for the terms page. */
  company: Bilingual;
  hotline: string;
  /** state_id -> relative weight: where the tenant's hospitals (and so its doctors) are. */
  regions: Readonly<Record<number, number>>;
  /** city_id of the head office (main campus for a hospital, main branch for a clinic). */
  homeCityId: number;
  /** Whether a feature is on (tenant.json; every feature is on unless set to false). */
  hasFeature: (feature: FeatureKey) => boolean;
}

/**
 * The demo tenants' shapes. A code not listed here (a new tenant, a test tenant) is seeded as a
 * nationwide platform, so onboarding a tenant needs no change to the seed.
 */
const KNOWN: Record<string, Pick<TenantProfile, 'kind' | 'regions' | 'homeCityId'>> = {
  songkhoe: {
    kind: 'platform',
    regions: { 2: 6, 1: 5, 4: 2, 3: 1, 5: 1, 6: 1, 26: 1, 27: 1, 29: 1, 16: 1 },
    homeCityId: 14,
  },
  songhong: { kind: 'hospital', regions: { 1: 8, 3: 1, 16: 1, 18: 1, 17: 1 }, homeCityId: 3 },
  // A family clinic in Khánh Hòa (its address in tenants/saomai/tenant.json), branches in the province.
  saomai: { kind: 'clinic', regions: { 26: 1 }, homeCityId: 42 },
};
const PLATFORM_DEFAULT = KNOWN.songkhoe as Pick<TenantProfile, 'kind' | 'regions' | 'homeCityId'>;

const TENANTS_DIR = fileURLToPath(new URL('../../tenants', import.meta.url));

/** Optional extras from tenants/<code>/tenant.json; read leniently (the server validates it). */
function readTenantJson(code: string): {
  hotline?: string;
  company?: Bilingual;
  features?: Record<string, unknown>;
} {
  const file = `${TENANTS_DIR}/${code}/tenant.json`;
  if (!existsSync(file)) return {};
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      companyInfo?: { hotlineCSKH?: unknown; hospitalFullName?: { vi?: unknown; en?: unknown } };
      features?: unknown;
    };
    const info = json.companyInfo ?? {};
    const { vi, en } = info.hospitalFullName ?? {};
    return {
      hotline: typeof info.hotlineCSKH === 'string' ? info.hotlineCSKH : undefined,
      company: typeof vi === 'string' && typeof en === 'string' ? { vi, en } : undefined,
      features:
        json.features && typeof json.features === 'object' ? (json.features as Record<string, unknown>) : {},
    };
  } catch {
    return {};
  }
}

/** Builds the profile from the tenants row (brand names) and the tenant's folder, if any. */
export async function loadProfile(sql: Sql, code: string): Promise<TenantProfile> {
  const { rows } = await sql.query<{ name_vi: string; name_en: string }>(
    'SELECT name_vi, name_en FROM tenants WHERE code = $1',
    [code],
  );
  const row = rows[0];
  if (!row) throw new Error(`seed: tenant "${code}" has no row in tenants; insert it first`);
  const extras = readTenantJson(code);
  const shape = KNOWN[code] ?? PLATFORM_DEFAULT;
  const brand = { vi: row.name_vi, en: row.name_en };
  return {
    code,
    ...shape,
    brand,
    company: extras.company ?? brand,
    hotline: extras.hotline ?? '1900 0000',
    // Demo content about a feature the tenant has off is not seeded (its content matches its features).
    hasFeature: (feature) => extras.features?.[feature] !== false,
  };
}
