import type { Env } from './config/env';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { taggedContent } from './modules/home/index';
import { checkTenantContentItems } from './tenancy/content-check';
import { loadTenantRegistry, type TenantRegistry } from './tenancy/registry';
import path from 'node:path';

/**
 * Opens the database the environment names: PostgreSQL when DATABASE_URL is set (public catalogue
 * reads on DATABASE_READ_URL's replica when that is set too), else PGlite.
 */
export async function openDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) {
    const replica = env.DATABASE_READ_URL
      ? { url: env.DATABASE_READ_URL, poolSize: env.DB_READ_POOL_SIZE }
      : undefined;
    return openPostgres(env.DATABASE_URL, env.DB_POOL_SIZE, replica);
  }
  return openPglite(path.join(env.DATA_DIR, 'pglite'));
}

/** Loads and validates every tenant file (throws a ConfigError naming the file and field). */
export function loadRegistry(env: Env): TenantRegistry {
  return loadTenantRegistry({
    tenantsDir: env.TENANTS_DIR,
    themesDir: env.THEMES_DIR,
    defaultCode: env.DEFAULT_TENANT,
  });
}

export interface PrepareReport {
  migrationsApplied: string[];
  seeded: string[];
}

/**
 * Brings the database up to date: applies migrations, mirrors the configured tenants into the
 * tenants table, seeds demo data into tenants that have none (when seeding is on), then checks
 * that each tenant's content is about features it has on. One process at a time, across hosts.
 */
export async function prepareDatabase(
  db: Database,
  registry: TenantRegistry,
  options: { seed: boolean; doctors?: number; log?: (message: string) => void },
): Promise<PrepareReport> {
  // Hosts of a new deployment start together: one prepares, the others wait and find it done.
  return db.exclusive('startup.prepare', () => prepareUnderLock(db, registry, options));
}

async function prepareUnderLock(
  db: Database,
  registry: TenantRegistry,
  options: { seed: boolean; doctors?: number; log?: (message: string) => void },
): Promise<PrepareReport> {
  const migrationsApplied = await migrate(db);
  const seeded: string[] = [];
  for (const tenant of registry.byCode.values()) {
    const { code, name } = tenant.config;
    const { rows } = await db.owner((sql) =>
      sql.query<{ seeded_at: Date | null }>(
        `INSERT INTO tenants (code, name_vi, name_en) VALUES ($1, $2, $3)
         ON CONFLICT (code) DO UPDATE SET name_vi = EXCLUDED.name_vi, name_en = EXCLUDED.name_en
         RETURNING seeded_at`,
        [code, name.vi, name.en],
      ),
    );
    if (!options.seed) continue;
    // Loaded only when needed: production never seeds and never loads the demo data.
    const { seedTenant, topUpSlots } = await import('./seed/index');
    if (!rows[0]?.seeded_at) {
      const started = Date.now();
      await seedTenant(db, code, { doctors: options.doctors, timeZone: tenant.config.booking.timeZone });
      options.log?.(`seeded demo data for ${code} in ${Date.now() - started} ms`);
      seeded.push(code);
    } else {
      // A demo started weeks ago still offers the next 30 days of slots.
      await topUpSlots(db, code, { timeZone: tenant.config.booking.timeZone });
    }
  }
  await checkContentFeatures(db, registry);
  return { migrationsApplied, seeded };
}

/**
 * Refuses to start when a tenant's banner, promotion or testimonial is about a feature the tenant
 * has off (a ConfigError naming the tenant and the item), like the theme contrast check: a portal
 * never advertises what it does not offer.
 */
export async function checkContentFeatures(db: Database, registry: TenantRegistry): Promise<void> {
  for (const tenant of registry.byCode.values()) {
    const items = await db.tenant(tenant.config.code, taggedContent);
    checkTenantContentItems(tenant.config, items);
  }
}
