import { randomBytes } from 'node:crypto';
import { loadEnv } from '../../server/config/env';
import { loadRegistry, openDatabase, prepareDatabase } from '../../server/startup';
import { databaseUrl, withAdmin } from '../helpers/db-snapshot';
import { MACHINE_PG, SEEDED_TEMPLATE_ENV } from './cluster-world';

/**
 * Vitest globalSetup of `npm run test:scale`: migrates and seeds the demo data once into a
 * template database, so each cluster world (tests/scale/cluster-world.ts) starts on a copy
 * instead of its first server seeding three tenants (the slowest part of a world's start). The
 * first start on an empty database, seeding under the lock, is what concurrent-start.test.ts
 * proves; it does not use the template. Dropped at the end of the run.
 */
export default async function setup() {
  const name = `sk_scale_seeded_${randomBytes(5).toString('hex')}`;
  await withAdmin(MACHINE_PG, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const drop = () =>
    withAdmin(MACHINE_PG, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
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
    await drop();
    throw error;
  }
  process.env[SEEDED_TEMPLATE_ENV] = name;
  return drop;
}
