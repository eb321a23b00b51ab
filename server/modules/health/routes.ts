import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { pendingMigrations } from '../../db/migrate';

/** Liveness (/healthz) and readiness (/readyz: database reachable, every migration applied). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
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
          200: Type.Object({ status: Type.String(), database: Type.String() }),
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
        return { status: 'ready', database: db.kind };
      } catch {
        return reply.status(503).send({ status: 'not ready', reason: 'database unreachable' });
      }
    },
  );
};
