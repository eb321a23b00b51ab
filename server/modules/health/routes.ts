import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { pendingMigrations } from '../../db/migrate';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable';
import type { SharedCounters } from '../../services/shared-counters/index';

/**
 * Liveness (/healthz) and readiness (/readyz: database reachable, every migration applied).
 * Redis (REDIS_URL) down does not make the process unready: it serves on, counting in the
 * database, so /readyz answers 200 with status 'degraded' and the reason.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Database; counters: SharedCounters }> = async (
  app,
  { db, counters },
) => {
  // Why the last probe was not ready (null: it was ready). A load balancer probes every few
  // seconds: a change is logged once, not every 503.
  let notReadyBecause: string | null = null;
  const answered = (reason: string | null, error?: unknown) => {
    if (reason === notReadyBecause) return;
    if (reason === null) app.log.info({ was: notReadyBecause }, 'readyz: ready again');
    else
      app.log.warn(
        { reason, ...(error !== undefined && { err: error }) },
        `readyz: not ready (503): ${reason}`,
      );
    notReadyBecause = reason;
  };
  app.get(
    '/healthz',
    {
      config: { tenant: false },
      schema: { tags: ['ops'], response: { 200: Type.Object({ status: Type.String() }) } },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: { tenant: false },
      schema: {
        tags: ['ops'],
        response: {
          200: Type.Object({
            status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
            database: Type.String(),
            redis: Type.Union([Type.Literal('off'), Type.Literal('ok'), Type.Literal('down')]),
            reason: Type.Optional(Type.String()),
          }),
          503: Type.Object({ status: Type.String(), reason: Type.String() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        const pending = await pendingMigrations(db);
        if (pending.length > 0) {
          const reason = `pending migrations: ${pending.join(', ')}`;
          answered(reason);
          return reply.status(503).send({ status: 'not ready', reason });
        }
        answered(null);
        const redis = counters.state;
        if (redis === 'down') {
          return {
            status: 'degraded' as const,
            database: db.kind,
            redis,
            reason: 'Redis unreachable: rate limits count in the database until it is back',
          };
        }
        return { status: 'ready' as const, database: db.kind, redis };
      } catch (error) {
        // Out of the load balancer until the database is back; it is asked again in seconds.
        answered('database unreachable', error);
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'not ready', reason: 'database unreachable' });
      }
    },
  );
};
