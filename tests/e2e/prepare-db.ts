import { loadEnv } from '../../server/config/env';
import { loadRegistry, openDatabase, prepareDatabase } from '../../server/startup';

/**
 * Migrates and seeds the e2e server's embedded database with the server's own startup step
 * (prepareDatabase), in its own process while the web app builds; the server then starts on a
 * ready database instead of spending its first minute on initdb, migrations and demo data.
 */
const env = loadEnv({ ...process.env, NODE_ENV: 'test', DATABASE_URL: '', LOG_LEVEL: 'warn' });
const db = await openDatabase(env);
try {
  const started = Date.now();
  const report = await prepareDatabase(db, loadRegistry(env), { seed: env.seedDemoData });
  console.log(
    `e2e database: ${report.migrationsApplied.length} migrations, seeded ${report.seeded.join(', ')} in ${Date.now() - started} ms`,
  );
} finally {
  await db.close();
}
