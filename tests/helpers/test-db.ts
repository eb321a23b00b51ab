import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Database } from '../../server/db/database';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { copyPgliteSnapshot, databaseUrl, postgresTemplate, withAdmin } from './db-snapshot';

/** Which database a test run targets: the `postgres` vitest project sets TEST_DB=postgres. */
export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Set by the server projects' globalSetup (tests/global-setup.ts): the throw-away databases of
 * this run are named `sk_test_<run>_...`, and its teardown drops whichever are left.
 */
export const TEST_DB_RUN_ENV = 'SK_TEST_DB_RUN';
export const testDbPrefix = (run: string) => `sk_test_${run}_`;

export interface TestDatabase {
  db: Database;
  /** Closes the connection and, on PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Start with every migration applied, copied from a snapshot (PGlite) or template database
   * (PostgreSQL) built once per schema (tests/helpers/db-snapshot.ts). Default: an empty
   * database, so migration tests still migrate from scratch.
   */
  migrated?: boolean;
}

/**
 * A fresh database for one test file: PGlite on a copied data directory, or a new database on the machine's
 * PostgreSQL (DATABASE_URL) that is dropped afterwards.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') {
    // Even the empty database starts from a copy: PGlite's initdb costs seconds per file.
    const dir = await copyPgliteSnapshot(options.migrated ? 'migrated' : 'empty');
    const db = await openPglite(dir);
    return {
      db,
      dispose: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const run = process.env[TEST_DB_RUN_ENV];
  const name = `${run ? testDbPrefix(run) : 'sk_test_'}${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? ` TEMPLATE ${await postgresTemplate(url)}` : '';
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}${template}`));
  const db = await openPostgres(databaseUrl(url, name), 5);
  const drop = () => withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return {
    db,
    dispose: async () => {
      await db.close();
      // DROP DATABASE waits for a checkpoint of the whole cluster (seconds on a busy machine).
      // Under a run's globalSetup nothing waits for it: it goes on while the next file runs,
      // drops of both workers share checkpoints, and the teardown drops what is left.
      if (run) void drop().catch(() => undefined);
      else await drop();
    },
  };
}
