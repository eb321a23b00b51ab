import { randomBytes } from 'node:crypto';
import { loadEnv } from '../../server/config/env';
import { loadRegistry, openDatabase, prepareDatabase } from '../../server/startup';
import { databaseUrl, dropRunDatabases, withAdmin } from '../helpers/db-snapshot';
import { MACHINE_PG, SCALE_RUN_ENV, scaleRunPrefix, seededTemplate } from './cluster-world';

/**
 * Vitest globalSetup of `npm run test:scale`: migrates and seeds the demo data once into a
 * template database, so each cluster world (tests/scale/cluster-world.ts) starts on a copy
 * instead of its first server seeding three tenants (the slowest part of a world's start). The
 * first start on an empty database, seeding under the lock, is what concurrent-start.test.ts
 * proves; it does not use the template. The teardown drops the template and the worlds'
 * databases side by side (each DROP DATABASE waits for a checkpoint; side by side they share).
 */
export default async function setup() {
  const run = randomBytes(4).toString('hex');
  const name = seededTemplate(run);
  const dropAll = () => dropRunDatabases(MACHINE_PG, scaleRunPrefix(run));
  await withAdmin(MACHINE_PG, (admin) => admin.query(`CREATE DATABASE ${name}`));
  try {
    const env = loadEnv({
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl(MACHINE_PG, name),
      JWT_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
    });
    const db = await openDatabase(env);
    try {
      // The servers' own startup step, as a first `npm start` of a demo runs it.
      await prepareDatabase(db, loadRegistry(env), { seed: true });
    } finally {
      await db.close();
    }
  } catch (error) {
    await dropAll();
    throw error;
  }
  process.env[SCALE_RUN_ENV] = run;
  return dropAll;
}
