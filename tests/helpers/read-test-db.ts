import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-db';
import { loadEnv } from '../../server/config/env';
import type { Database } from '../../server/db/database';

/**
 * Shared by the replica-read tests (server/db/read-replica.test.ts on both engines and
 * tests/scale/replica-reader.test.ts on PostgreSQL): a migrated database with one tenant per test
 * file, an environment, and a read-your-own-write probe.
 */
export const TENANT = 'readtest';

/**
 * The calling test file's database (created before its tests, disposed after): `t.db` once the
 * tests run.
 */
export function useReadTestDatabase(): { readonly db: Database } {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase({ migrated: true });
    await t.db.owner((sql) =>
      sql.query(`INSERT INTO tenants (code, name_vi, name_en) VALUES ($1, 'A', 'A') ON CONFLICT DO NOTHING`, [
        TENANT,
      ]),
    );
  });
  afterAll(async () => {
    await t?.dispose();
  });
  return {
    get db() {
      return t!.db;
    },
  };
}

export const readTestEnv = (extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', ...extra });

/** Writes a hospital in tenant() and reads it back with tenantRead(): the names found. */
export async function readsOwnWrite(db: Database, name: string): Promise<string[]> {
  await db.tenant(TENANT, (sql) => sql.query('INSERT INTO hospitals (name) VALUES ($1)', [name]));
  const { rows } = await db.tenantRead(TENANT, (sql) =>
    sql.query<{ name: string }>('SELECT name FROM hospitals WHERE name = $1', [name]),
  );
  return rows.map((r) => r.name);
}
