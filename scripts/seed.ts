/**
 * Seeds demo or benchmark data into the database the server uses.
 *
 *   tsx scripts/seed.ts --tenant songkhoe                     # demo data, if not seeded yet
 *   tsx scripts/seed.ts --tenant songkhoe --doctors 10000 --slots-per-doctor 100 --reset
 *   tsx scripts/seed.ts --tenant songkhoe,songhong --days 45
 *
 * DATABASE_URL set: that PostgreSQL; else the PGlite folder $DATA_DIR/pglite (default ./data).
 * --reset deletes the tenant's seeded rows first (otherwise a seeded tenant is left alone).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { clearTenant, seedBenchmark, seedTenant, type SeedSummary } from '../server/seed/index';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string', default: 'songkhoe' },
    doctors: { type: 'string' },
    days: { type: 'string' },
    'slots-per-doctor': { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

function positive(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return n;
}

async function openDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return openPostgres(url);
  const dir = path.join(process.env.DATA_DIR ?? './data', 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}

/** The brand names from tenants/<code>/tenant.json, or the code itself for an ad-hoc tenant. */
function tenantNames(code: string): { vi: string; en: string } {
  const file = path.join('tenants', code, 'tenant.json');
  if (!existsSync(file)) return { vi: code, en: code };
  const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: { vi?: string; en?: string } };
  return { vi: json.name?.vi ?? code, en: json.name?.en ?? code };
}

function print(summary: SeedSummary): void {
  if (summary.skipped) {
    console.log(`${summary.tenant}: already seeded (use --reset to seed again)`);
    return;
  }
  const counts = Object.entries(summary.counts)
    .map(([table, n]) => `  ${table.padEnd(22)} ${n}`)
    .join('\n');
  console.log(`${summary.tenant}: seeded in ${(summary.milliseconds / 1000).toFixed(1)} s\n${counts}`);
}

async function main(): Promise<void> {
  const doctors = positive('doctors', values.doctors);
  const days = positive('days', values.days);
  const slotsPerDoctor = positive('slots-per-doctor', values['slots-per-doctor']);
  const codes = (values.tenant ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const db = await openDatabase();
  try {
    const started = performance.now();
    await migrate(db);
    for (const code of codes) {
      const names = tenantNames(code);
      await db.owner((sql) =>
        sql.query(
          `INSERT INTO tenants (code, name_vi, name_en) VALUES ($1, $2, $3)
           ON CONFLICT (code) DO UPDATE SET name_vi = EXCLUDED.name_vi, name_en = EXCLUDED.name_en`,
          [code, names.vi, names.en],
        ),
      );
      if (values.reset) await clearTenant(db, code);
      const summary =
        slotsPerDoctor !== undefined
          ? await seedBenchmark(db, code, { doctors: doctors ?? 10_000, slotsPerDoctor })
          : await seedTenant(db, code, { doctors, days });
      print(summary);
    }
    console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
