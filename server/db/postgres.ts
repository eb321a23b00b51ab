import pg from 'pg';
import { enterAppRole, enterTenant, type Database, type Sql } from './database';
import { listenOn } from './postgres-listen';

/**
 * A real PostgreSQL through a connection pool (DATABASE_URL). The login role owns the schema and
 * runs migrations; request transactions drop to the app role with SET LOCAL ROLE, so RLS applies
 * even though the login role owns the tables.
 */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
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

  return {
    kind: 'postgres',
    tenant: (tenantId, fn) =>
      inTransaction(async (client) => {
        await client.query(enterTenant, [tenantId]);
      }, fn),
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
    listen: (channel, handlers) => listenOn(connectionString, channel, handlers),
    close: () => pool.end(),
  };
}
