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
          return reply
            .status(503)
            .send({ status: 'not ready', reason: `pending migrations: ${pending.join(', ')}` });
        }
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
      } catch {
        // Out of the load balancer until the database is back; it is asked again in seconds.
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'not ready', reason: 'database unreachable' });
      }
    },
  );
};
