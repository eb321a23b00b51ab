import pg from 'pg';
import { enterAppRole, enterTenant, enterTenantRead, type Database, type Sql } from './database';
import { createListener } from './postgres-listen';
import { withSessionLock } from './postgres-lock';
import { createReplicaReader, poolStats, type ReplicaOptions } from './replica';
import { isStalePreparedStatement, statementNamer } from './prepared-statements';
import { asUnavailable } from './unavailable';

export type { ReplicaOptions } from './replica';

/**
 * Bounds that keep a request from waiting forever on a database that is gone (restarting, or cut
 * off by the network, where a socket may not even fail): a connection is taken from the pool (or
 * made) within CONNECT_TIMEOUT_MS, and a statement of a request transaction runs at most
 * STATEMENT_TIMEOUT (the server cancels it) while the client gives up on its reply
 * QUERY_TIMEOUT_MS later (a server that does not answer at all). The request then fails with
 * DatabaseUnavailableError (503, Retry-After). Owner transactions (migrations, seeding, operator
 * work) and pg-boss's statements are not limited: they may legitimately run long.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT = '30s';
const QUERY_TIMEOUT_MS = 35_000;
/** A statement with a client-side reply timeout (pg honours `query_timeout` per query; its types omit it). */
const timed = (text: string, values: unknown[] | undefined, timeoutMs: number | undefined) =>
  ({ text, values: values?.length ? values : undefined, query_timeout: timeoutMs }) as pg.QueryConfig;
/** `$n` of a prelude replaced by its parameter as a quoted literal (pg's own quoting). */
const withLiterals = (text: string, params: string[]) =>
  text.replace(/\$(\d+)/g, (_, n: string) => pg.escapeLiteral(params[Number(n) - 1]!));
/** Request transactions: the statement limit rides on the prelude's round trip. */
const limited = (prelude: string) =>
  `${prelude}, set_config('statement_timeout', '${STATEMENT_TIMEOUT}', true)`;

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
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: '-c jit=off',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // An idle connection to a host that vanished is noticed and dropped, not handed to a request.
    keepAlive: true,
  });
  // A broken idle connection must not crash the process; pg reconnects on the next checkout.
  pool.on('error', () => undefined);
  // Nor one that breaks while checked out between two statements (the pool listens only to idle
  // ones; a client without a listener throws its 'error' event and ends the process): its next
  // statement fails instead, and the broken client is dropped when released.
  pool.on('connect', (client) => client.on('error', () => undefined));

  /** A request's statement: time-limited and, with parameters, a named prepared statement. */
  const statementName = statementNamer();
  const prepared = (text: string, values: unknown[] | undefined, timeoutMs: number) =>
    ({ ...timed(text, values, timeoutMs), name: statementName(text, values) }) as pg.QueryConfig;

  const checkout = () => pool.connect().catch((error: unknown) => Promise.reject(asUnavailable(error)));
  /** The driver's failure, as DatabaseUnavailableError when it says the database is out of reach. */
  const fromDriver = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => Promise.reject(asUnavailable(error)));
  /**
   * Ends a failed transaction. A connection whose ROLLBACK fails too (it broke, or a statement of
   * it is still running after its reply timed out) is closed rather than handed to the next request.
   */
  const rollback = async (client: pg.PoolClient, cause?: unknown) => {
    const ended = await client.query(timed('ROLLBACK', undefined, CONNECT_TIMEOUT_MS)).then(
      () => true,
      () => false,
    );
    client.release(!ended || isStalePreparedStatement(cause));
  };

  /** @param begin starts the transaction (BEGIN and whatever rides on its round trip) */
  async function inTransaction<T>(
    begin: (client: pg.PoolClient) => Promise<unknown>,
    fn: (sql: Sql) => Promise<T>,
    timeoutMs?: number,
  ) {
    const client = await checkout();
    try {
      await fromDriver(begin(client));
      const result = await fn({
        // Request statements (time-limited) are prepared by name; owner work (migrations) is not.
        query: (text, values) =>
          fromDriver(
            client.query(
              timeoutMs === undefined ? timed(text, values, timeoutMs) : prepared(text, values, timeoutMs),
            ),
          ) as never,
        // Without parameters pg sends the simple query protocol, which takes several statements.
        script: async (text) => {
          await fromDriver(client.query(timed(text, undefined, timeoutMs)));
        },
      });
      await fromDriver(client.query('COMMIT'));
      client.release();
      return result;
    } catch (error) {
      await rollback(client, error);
      // Not wrapped here: what `fn` itself throws (a storage or mail server refusing inside the
      // transaction) is not the database's doing; its statements' failures were wrapped above.
      throw error;
    }
  }

  /**
   * A transaction of a request (or a job): its statements are time-limited (see above). BEGIN and
   * the prelude (role, tenant, limit) go as one simple query, one round trip instead of two for
   * every request; the prelude's parameters are quoted into it as literals for that.
   */
  const requestTransaction = <T>(prelude: string, params: string[], fn: (sql: Sql) => Promise<T>) =>
    inTransaction(
      (client) =>
        client.query(timed(`BEGIN; ${withLiterals(limited(prelude), params)}`, undefined, QUERY_TIMEOUT_MS)),
      fn,
      QUERY_TIMEOUT_MS,
    );

  const readOnPrimary = <T>(tenantId: string, fn: (sql: Sql) => Promise<T>) =>
    requestTransaction(enterTenantRead, [tenantId], fn);
  const reader = replica && createReplicaReader(pool, replica);
  // One listening session for every channel of this process (server/db/postgres-listen.ts).
  const listener = createListener(connectionString);

  return {
    kind: 'postgres',
    reads: reader ? 'replica' : 'primary',
    tenant: (tenantId, fn) => requestTransaction(enterTenant, [tenantId], fn),
    tenantRead: (tenantId, fn, options) =>
      reader
        ? reader.read(tenantId, fn, options?.fresh ?? false, () => readOnPrimary(tenantId, fn))
        : readOnPrimary(tenantId, fn),
    anonymous: (fn) => requestTransaction(enterAppRole, [], fn),
    owner: (fn) => inTransaction((client) => client.query('BEGIN'), fn),
    exec: async (script) => {
      await pool.query(script).catch((error: unknown) => Promise.reject(asUnavailable(error)));
    },
    executeSql: async (text, values) => {
      const client = await checkout();
      try {
        const result = await client.query(text, values && values.length > 0 ? values : undefined);
        client.release();
        // A script answers one result per statement.
        const results = Array.isArray(result) ? (result as pg.QueryResult[]) : [result];
        return { rows: results.flatMap((r) => r.rows ?? []) };
      } catch (error) {
        await rollback(client);
        throw asUnavailable(error);
      }
    },
    fenceReads: () => reader?.fence(),
    // On the primary always: a hot standby cannot LISTEN (and never hears the primary's NOTIFY).
    // A notice tells of a commit the replica may not have replayed yet: whoever hears it reads
    // next, so reads are fenced first (and after a reconnection, since notices may be lost).
    listen: (channel, handlers) =>
      listener.listen(
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
