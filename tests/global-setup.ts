import type { TestProject } from 'vitest/node';
import {
  pgliteSnapshot,
  postgresTemplate,
  removeStaleSnapshots,
  removeStaleTemplates,
  schemaKey,
} from './helpers/db-snapshot';

/**
 * Vitest globalSetup of the server projects: builds the migrated database copy once, before the
 * workers start, so two workers never both build it (each would still build it if missing).
 */
export default async function setup(project: TestProject) {
  const key = schemaKey();
  if (project.name === 'server-postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) return;
    await removeStaleTemplates(url, key);
    await postgresTemplate(url, key);
    return;
  }
  removeStaleSnapshots(key);
  await pgliteSnapshot('empty', key);
  await pgliteSnapshot('migrated', key);
}
