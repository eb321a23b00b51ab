import { ownerInTenant, type Database } from '../db/database';
import { seedDemoAccount } from './accounts';
import { seedDemoAppointments } from './appointments';
import { seedCatalogue, type CatalogueCounts } from './catalogue';
import { seedContent, type ContentCounts } from './content';
import { loadCities } from './places';
import { seedFeedbacks } from './feedbacks';
import { seedDemoPackages } from './packages';
import { seedDemoPatients } from './patients';
import { createRng } from './prng';
import { loadProfile } from './profiles';
import { generateSlots } from './slots';
import { seedDemoWallet } from './wallet';
import { seedDemoInsurance } from './insurance';
import { seedCareAccounts } from './care-accounts';
import { seedDemoProductCodes } from './product-codes';

export { generateSlots } from './slots';
export { clearTenant } from './reset';

/** What one seed run did. `skipped` is true when the tenant was already seeded. */
export interface SeedSummary {
  tenant: string;
  skipped: boolean;
  counts: Partial<
    CatalogueCounts &
      ContentCounts & { slots: number; demoAccounts: number; careAccounts: number; feedbacks: number }
  >;
  milliseconds: number;
}

export interface SeedOptions {
  /** Doctors to create (default 220: with the few unapproved ones, 200+ are listed). */
  doctors?: number;
  /** Days of slots from `now` (default 30). */
  days?: number;
  /** The reference instant for slots, blog dates and promo expiry (default: the clock). */
  now?: Date;
  /** The tenant's clock (booking.timeZone): slots and demo visits are at local hours there. */
  timeZone?: string;
}

export const DEFAULT_DOCTORS = 220;
export const DEFAULT_DAYS = 30;
/** The tables a seed fills heavily enough to change query plans. */
const ANALYZED_TABLES = [
  'hospitals',
  'doctors',
  'doctor_specialities',
  'doctor_symptoms',
  'doctor_hospitals',
  'doctor_languages',
  'doctor_prices',
  'doctor_slots',
];
/** Slots per doctor per calendar day that generateSlots' weekly rhythm yields on average. */
const AVERAGE_SLOTS_PER_DAY = 6.5;

/**
 * Fills every tenant-owned table for one tenant with fictional, deterministic demo data (the
 * same code always gives the same names and texts), then sets tenants.seeded_at. All in one
 * owner transaction: a crash leaves nothing half-seeded, and the row lock makes a second process
 * that starts at the same moment wait and then skip.
 * The tenants row must exist (the server's startup inserts it from tenants/<code>/tenant.json).
 */
export async function seedTenant(
  db: Database,
  code: string,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const started = performance.now();
  const doctors = options.doctors ?? DEFAULT_DOCTORS;
  const days = options.days ?? DEFAULT_DAYS;
  const now = options.now ?? new Date();
  return db.owner(async (sql) => {
    const { rows } = await sql.query<{ seeded_at: Date | null }>(
      'SELECT seeded_at FROM tenants WHERE code = $1 FOR UPDATE',
      [code],
    );
    if (!rows[0]) throw new Error(`seed: tenant "${code}" has no row in tenants; insert it first`);
    if (rows[0].seeded_at)
      return { tenant: code, skipped: true, counts: {}, milliseconds: performance.now() - started };

    // The owner bypasses RLS only as a superuser (PGlite); a plain owner role is subject to the
    // forced policies, so the transaction carries the tenant like a request would.
    await sql.query(`SELECT set_config('app.tenant_id', $1, true)`, [code]);
    const rng = createRng(`songkhoe-seed/${code}`);
    const profile = await loadProfile(sql, code);
    const cities = await loadCities(sql);
    const catalogue = await seedCatalogue(sql, rng.fork('catalogue'), profile, cities, {
      doctors,
      hospitals: Math.max(30, Math.ceil(doctors / 40)),
    });
    const content = await seedContent(sql, rng.fork('content'), profile, catalogue.doctors, now);
    const feedbacks = await seedFeedbacks(sql, rng.fork('feedbacks'), code, catalogue.doctors, now);
    const slots = await generateSlots(sql, code, now, days, options.timeZone);
    const demoAccounts = await seedDemoAccount(sql, code, now);
    await seedDemoPatients(sql, code, now);
    const demoPackages = await seedDemoPackages(sql, code, now);
    await seedDemoAppointments(sql, code, now, options.timeZone);
    await seedDemoWallet(sql, code, now);
    await seedDemoInsurance(sql, code);
    await seedDemoProductCodes(sql, now);
    const careAccounts = await seedCareAccounts(sql, code, now);
    // Fresh planner statistics: without them PostgreSQL picks poor plans for the first minutes
    // after a bulk load, and PGlite, which has no autovacuum, would keep them for good.
    await sql.query(`ANALYZE ${ANALYZED_TABLES.join(', ')}`);
    await sql.query('UPDATE tenants SET seeded_at = now() WHERE code = $1', [code]);
    return {
      tenant: code,
      skipped: false,
      counts: { ...catalogue.counts, ...content, feedbacks, slots, demoAccounts, careAccounts, demoPackages },
      milliseconds: performance.now() - started,
    };
  });
}

/**
 * Adds the missing slots of the next `days` days for every approved doctor of a seeded tenant
 * (idempotent): call it at startup or daily so that a demo started weeks ago still has free
 * slots. Existing slots and bookings are left alone.
 * @returns the number of slots added
 */
export async function topUpSlots(
  db: Database,
  code: string,
  options: { days?: number; now?: Date; timeZone?: string } = {},
): Promise<number> {
  return ownerInTenant(db, code, async (sql) => {
    // Demo data added after a database was first seeded (idempotent): insurance companies, care accounts.
    await seedDemoInsurance(sql, code);
    await seedCareAccounts(sql, code, options.now ?? new Date());
    await seedDemoProductCodes(sql, options.now ?? new Date());
    return generateSlots(
      sql,
      code,
      options.now ?? new Date(),
      options.days ?? DEFAULT_DAYS,
      options.timeZone,
    );
  });
}

/**
 * A large tenant for load tests: `doctors` doctors (e.g. 10 000) with about `slotsPerDoctor`
 * slots each (default 100, so ~1 000 000 slots for 10 000 doctors), plus the usual content.
 */
export async function seedBenchmark(
  db: Database,
  code: string,
  options: { doctors: number; slotsPerDoctor?: number; now?: Date },
): Promise<SeedSummary> {
  const days = Math.max(1, Math.ceil((options.slotsPerDoctor ?? 100) / AVERAGE_SLOTS_PER_DAY));
  return seedTenant(db, code, { doctors: options.doctors, days, now: options.now });
}
