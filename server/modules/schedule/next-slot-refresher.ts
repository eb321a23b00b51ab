import { ownerInTenant, type Database } from '../../db/database';

/** How often passed "next free slot" values are rewritten. Slots are 30 minutes long. */
export const REFRESH_INTERVAL_MS = 60_000;

/**
 * Rewrites doctors.next_free_slot where the slot it names has started (refresh_next_free_slots,
 * migration 008), tenant by tenant. Bookings and new slots keep the column right through
 * triggers; this only handles the passing of time. Readers never depend on it for correctness
 * (a passed value is recomputed in the query), only for speed.
 * @returns the number of doctors updated
 */
export async function refreshNextFreeSlots(db: Database, tenants: Iterable<string>): Promise<number> {
  let updated = 0;
  for (const code of tenants) {
    updated += await ownerInTenant(db, code, async (sql) => {
      // Every server process runs this round; one at a time per tenant does the work (the others
      // skip), so processes never queue on each other's row locks for an idempotent rewrite.
      const { rows: lock } = await sql.query<{ mine: boolean }>(
        'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS mine',
        [`refresh_next_free_slots:${code}`],
      );
      if (!lock[0]?.mine) return 0;
      const { rows } = await sql.query<{ n: number }>('SELECT refresh_next_free_slots() AS n');
      return Number(rows[0]?.n ?? 0);
    });
  }
  return updated;
}

/**
 * One maintenance round: refresh passed values, then on PGlite, which has no autovacuum, vacuum
 * `doctors` so that its visibility map stays set and counts and earliest-slot pages remain
 * index-only scans (a few milliseconds for 10 000 doctors instead of reading every wide row).
 */
export async function maintainDoctorListing(db: Database, tenants: Iterable<string>): Promise<void> {
  await refreshNextFreeSlots(db, tenants);
  if (db.kind === 'pglite') await db.exec('VACUUM (ANALYZE) doctors');
}
