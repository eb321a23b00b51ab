import cluster, { type Worker } from 'node:cluster';
import type { Env } from './config/env';
import { startMetricsServer } from './services/metrics/index';
import { loadRegistry, openDatabase, prepareDatabase } from './startup';

/** A worker that dies sooner than this after its start is crashing: wait before the next one. */
const CRASH_WINDOW_MS = 10_000;
const RESTART_DELAY_MS = 2_000;

const log = (message: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: message }));

/**
 * The first process of `WEB_CONCURRENCY` > 1 (node:cluster): prepares the database once
 * (migrations, tenants, demo data), forks that many workers that share the port, serves their
 * metrics together, replaces a worker that dies, and on SIGTERM/SIGINT passes the signal on and
 * exits when every worker has drained. It runs no requests itself.
 */
export async function runClusterPrimary(env: Env): Promise<void> {
  const registry = loadRegistry(env);
  const db = await openDatabase(env);
  try {
    const report = await prepareDatabase(db, registry, { seed: env.seedDemoData, log });
    if (report.migrationsApplied.length > 0)
      log(`migrations applied: ${report.migrationsApplied.join(', ')}`);
  } finally {
    await db.close();
  }

  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    // The worker skips preparing the database: this process did, once.
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, lived < CRASH_WINDOW_MS ? RESTART_DELAY_MS : 0);
  });
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();

  const metrics = await startMetricsServer({
    host: env.METRICS_HOST,
    port: env.METRICS_PORT,
    cluster: true,
    log: { warn: (detail, message) => log(String(message ?? detail)) },
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining ${startedAt.size} workers`);
    metrics?.close();
    // Workers drain in-flight requests (up to 25 s each, server.ts) and exit.
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 30_000).unref();
    if (startedAt.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
