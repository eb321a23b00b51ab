import pg from 'pg';
import { enterAppRole, enterTenant, enterTenantRead, type Database, type Sql } from './database';
import { listenOn } from './postgres-listen';
import { withSessionLock } from './postgres-lock';
import { createReplicaReader, poolStats, type ReplicaOptions } from './replica';

export type { ReplicaOptions } from './replica';

/**
 * A real PostgreSQL through a connection pool (DATABASE_URL). The login role owns the schema and
 * runs migrations; request transactions drop to the app role with SET LOCAL ROLE, so RLS applies
 * even though the login role owns the tables.
 * @param replica a streaming replica for tenantRead() (DATABASE_READ_URL); without one, the primary
 */
export async function openPostgres(
  connectionString: string,
  poolSize = 10,
  replica?: ReplicaOptions,
): Promise<Database> {
  // JIT compilation costs 60-75 ms on catalogue queries that run in 15 ms; OLTP never wins from it.
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c jit=off' });
  // A broken idle connection must not crash the process; pg reconnects on the next checkout.
  pool.on('error', () => undefined);

  async function inTransaction<T>(
    prelude: (client: pg.PoolClient) => Promise<void>,
    fn: (sql: Sql) => Promise<T>,
  ) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await prelude(client);
      const result = await fn({ query: (text, params) => client.query(text, params) as never });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  const readOnPrimary = <T>(tenantId: string, fn: (sql: Sql) => Promise<T>) =>
    inTransaction(async (client) => {
      await client.query(enterTenantRead, [tenantId]);
    }, fn);
  const reader = replica && createReplicaReader(pool, replica);

  return {
    kind: 'postgres',
    reads: reader ? 'replica' : 'primary',
    tenant: (tenantId, fn) =>
      inTransaction(async (client) => {
        await client.query(enterTenant, [tenantId]);
      }, fn),
    tenantRead: (tenantId, fn, options) =>
      reader
        ? reader.read(tenantId, fn, options?.fresh ?? false, () => readOnPrimary(tenantId, fn))
        : readOnPrimary(tenantId, fn),
    anonymous: (fn) => inTransaction((client) => client.query(enterAppRole).then(() => undefined), fn),
    owner: (fn) => inTransaction(async () => undefined, fn),
    exec: async (script) => {
      await pool.query(script);
    },
    executeSql: async (text, values) => {
      const client = await pool.connect();
      try {
        const result = await client.query(text, values && values.length > 0 ? values : undefined);
        // A script answers one result per statement.
        const results = Array.isArray(result) ? (result as pg.QueryResult[]) : [result];
        return { rows: results.flatMap((r) => r.rows ?? []) };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    fenceReads: () => reader?.fence(),
    // On the primary always: a hot standby cannot LISTEN (and never hears the primary's NOTIFY).
    // A notice tells of a commit the replica may not have replayed yet: whoever hears it reads
    // next, so reads are fenced first (and after a reconnection, since notices may be lost).
    listen: (channel, handlers) =>
      listenOn(
        connectionString,
        channel,
        reader
          ? {
              notify: (payload) => {
                reader.fence();
                handlers.notify(payload);
              },
              connected: () => {
                reader.fence();
                handlers.connected();
              },
              lost: handlers.lost,
            }
          : handlers,
      ),
    exclusive: (name, fn) => withSessionLock(connectionString, name, fn),
    replicaReads: () => reader?.reads() ?? {},
    poolStats: () => ({ primary: poolStats(pool), ...(reader && { replica: reader.stats() }) }),
    close: async () => {
      await Promise.all([pool.end(), reader?.close()]);
    },
  };
}
