import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import type { Database } from '../../db/database';

/**
 * Prometheus metrics of the process, in prom-client's global registry: request rate,
 * latency and errors per route, the database pool, job runs and queue depth, bookings and
 * payments by outcome. The tenant is a label only on bookings and payments: tenants come from the
 * configuration folder, so their number is bounded; routes are the route templates, never URLs.
 *
 * Served apart from the public port (startMetricsServer), so an ingress or load balancer in
 * front of the app never exposes it. With WEB_CONCURRENCY the cluster's first process answers
 * for every worker (prom-client's AggregatorRegistry asks them over IPC).
 */
client.collectDefaultMetrics();

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route template and status class (5xx = server errors)',
  labelNames: ['method', 'route', 'status_class'] as const,
});

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to reply, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export const bookings = new client.Counter({
  name: 'bookings_total',
  help: 'MakeAppointment outcomes: booked, awaiting_payment, refused (a 4xx answer), failed (5xx)',
  labelNames: ['tenant', 'outcome'] as const,
});

export const payments = new client.Counter({
  name: 'payments_total',
  help: 'Payment callbacks (IPN) by outcome: paid, failed, already_confirmed, invalid_amount, invalid_signature, not_found, error',
  labelNames: ['tenant', 'outcome'] as const,
});

export const jobRuns = new client.Counter({
  name: 'job_runs_total',
  help: 'Periodic job runs by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
});

export const searchIndexBuilds = new client.Counter({
  name: 'search_index_builds_total',
  help: "Builds of a tenant's in-process search index by outcome (built, failed: search falls back to SQL)",
  labelNames: ['outcome'] as const,
});

/** Sources read at scrape time (databases and job queues of the apps in this process). */
type WatchedDatabase = Pick<Database, 'poolStats' | 'replicaReads'>;
const databases = new Set<WatchedDatabase>();
const queueSources = new Set<() => Promise<Record<string, number>>>();

new client.Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by pool (primary, replica) and state (total, idle, waiting = checkouts queued for one)',
  labelNames: ['pool', 'state'] as const,
  collect() {
    this.reset();
    for (const db of databases) {
      for (const [pool, stats] of Object.entries(db.poolStats())) {
        this.inc({ pool, state: 'total' }, stats.total);
        this.inc({ pool, state: 'idle' }, stats.idle);
        this.inc({ pool, state: 'waiting' }, stats.waiting);
      }
    }
  },
});

new client.Counter({
  name: 'db_public_reads_total',
  help: 'With a read replica: public catalogue reads served by it (outcome replica) or by the primary because the replica was unreachable, behind or in a recovery conflict',
  labelNames: ['outcome'] as const,
  collect() {
    this.reset();
    for (const db of databases)
      for (const [outcome, count] of Object.entries(db.replicaReads())) this.inc({ outcome }, count);
  },
});

new client.Gauge({
  name: 'job_queue_depth',
  help: 'Job runs waiting in each queue (the queue is shared by all processes: max, not sum)',
  labelNames: ['job'] as const,
  aggregator: 'max',
  async collect() {
    this.reset();
    for (const read of queueSources) {
      const depths = await read().catch(() => ({}) as Record<string, number>);
      for (const [job, depth] of Object.entries(depths)) this.set({ job }, depth);
    }
  },
});

/** Reports a database's pools and replica reads while the returned function is not called. */
export function watchDatabase(db: WatchedDatabase): () => void {
  databases.add(db);
  return () => databases.delete(db);
}

/** Reports job queue depths while the returned function is not called. */
export function watchQueues(read: () => Promise<Record<string, number>>): () => void {
  queueSources.add(read);
  return () => queueSources.delete(read);
}

/** Counts and times every request by its route template (unmatched URLs share one label). */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    httpRequests.inc({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

const aggregator = new client.AggregatorRegistry();

/** The metrics text of this process, or of every cluster worker when `cluster` (first process). */
export async function metricsText(cluster: boolean): Promise<{ text: string; contentType: string }> {
  if (cluster) {
    const registry = await aggregator.clusterMetrics();
    return { text: registry, contentType: aggregator.contentType };
  }
  return { text: await client.register.metrics(), contentType: client.register.contentType };
}

/**
 * GET /metrics on its own port. A port in use is logged, not fatal: the product serves users
 * whether or not it can be scraped (two test servers on one machine, say).
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  cluster: boolean;
  log: { warn(detail: object | string, message?: string): void };
}): Promise<Server | null> {
  if (options.port === 0) return null;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsText(options.cluster).then(
      ({ text, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => {
    server.once('error', (error) => {
      options.log.warn({ err: error }, `metrics: cannot listen on ${options.host}:${options.port}`);
      resolve(null);
    });
    server.listen(options.port, options.host, () => resolve(server));
  });
}
