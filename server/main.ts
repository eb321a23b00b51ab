import cluster from 'node:cluster';
import type { Server } from 'node:net';
import { adminSocketPath, startAdminSocket } from './admin/socket';
import { buildApp } from './app';
import { runClusterPrimary } from './cluster';
import { loadEnv, type Env } from './config/env';
import { surviveDatabaseOutages } from './db/unavailable';
import { startMetricsServer } from './services/metrics/index';
import { flushTraces } from './services/tracing/index';
import { ConfigError } from './tenancy/validate';
import { loadRegistry, openDatabase, prepareDatabase } from './startup';

/**
 * Process entry: validate configuration (a broken tenant file stops here with its name and field);
 * with WEB_CONCURRENCY above 1, become the cluster's first process (server/cluster.ts); else (or
 * as a worker) serve.
 */
async function main() {
  const env = loadEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    if (env.DATABASE_URL) return runClusterPrimary(env);
    console.warn(
      'WEB_CONCURRENCY needs DATABASE_URL (the embedded database admits one process): one process',
    );
  }
  return serve(env);
}

/**
 * One serving process: open and prepare the database (unless the cluster's first process did),
 * listen, and on SIGTERM/SIGINT stop accepting, drain in-flight requests, then close the database.
 */
async function serve(env: Env) {
  const registry = loadRegistry(env);
  const db = await openDatabase(env);
  const app = await buildApp({ env, db, registry, jobs: env.JOBS_ENABLED === 'true' });
  // A database restart must not end the process through a promise nobody awaited (pg-boss's).
  surviveDatabaseOutages((error) =>
    app.log.warn({ err: error.cause }, 'database unavailable (background work)'),
  );
  // A cluster's workers are forked after its first process prepared the database.
  if (!cluster.isWorker) {
    const report = await prepareDatabase(db, registry, {
      seed: env.seedDemoData,
      log: (message) => app.log.info(message),
    });
    if (report.migrationsApplied.length > 0)
      app.log.info({ migrations: report.migrationsApplied }, 'migrations applied');
  }

  let adminSocket: Server | null = null;
  let metrics: Server | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining in-flight requests');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    adminSocket?.close();
    metrics?.close();
    await app.close();
    await db.close();
    await flushTraces().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // A cluster's first process serves its workers' metrics; a lone process serves its own.
  metrics = cluster.isWorker
    ? null
    : await startMetricsServer({
        host: env.METRICS_HOST,
        port: env.METRICS_PORT,
        cluster: false,
        log: app.log,
      });
  // The embedded database admits one process: operator commands reach it through this server.
  adminSocket =
    db.kind === 'pglite' ? await startAdminSocket(adminSocketPath(env.DATA_DIR), db, registry, env) : null;
  for (const tenant of registry.byCode.values()) {
    const host = tenant === registry.defaultTenant ? 'localhost' : `${tenant.config.code}.localhost`;
    app.log.info(`${tenant.config.name.vi}: http://${host}:${env.PORT}`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
