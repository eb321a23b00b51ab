import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import {
  dropRunDatabases,
  pgliteSnapshot,
  postgresTemplate,
  removeStaleSnapshots,
  removeStaleTemplates,
  schemaKey,
} from './helpers/db-snapshot';
import { TEST_DB_RUN_ENV, testDbPrefix } from './helpers/test-db';

/**
 * Vitest globalSetup of the server projects: builds the migrated database copy once, before the
 * workers start, so two workers never both build it (each would still build it if missing).
 * On PostgreSQL it also names this run's throw-away databases (the workers inherit the variable)
 * and, at the end, drops those a worker left behind (tests/helpers/test-db.ts drops in the
 * background).
 */
export default async function setup(project: TestProject) {
  const key = schemaKey();
  if (project.name === 'server-postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) return;
    await removeStaleTemplates(url, key);
    await postgresTemplate(url, key);
    const run = randomBytes(4).toString('hex');
    process.env[TEST_DB_RUN_ENV] = run;
    return () => dropRunDatabases(url, testDbPrefix(run));
  }
  removeStaleSnapshots(key);
  await pgliteSnapshot('empty', key);
  await pgliteSnapshot('migrated', key);
}
