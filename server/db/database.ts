/** The part of a database connection that repositories use. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a whole SQL script (several statements, no parameters) in this transaction: migrations. */
  script(text: string): Promise<void>;
}

/** The role that request handlers run as: no superuser, owns no table, no BYPASSRLS. */
export const APP_ROLE = 'songkhoe_app';

/**
 * One PostgreSQL database, embedded (PGlite) or real (pg pool). Request code only ever gets a
 * `Sql` inside `tenant()`, so every query runs in a transaction as APP_ROLE with the tenant set:
 * row-level security filters every table, and a query that forgets the tenant sees no rows.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction as APP_ROLE with app.tenant_id set for that transaction only. */
  tenant<T>(tenantId: string, fn: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * Like tenant(), for the public catalogue only (search, lists, doctor and content pages, slots
   * for display): the same answer for every visitor. A READ ONLY transaction on the streaming
   * replica when DATABASE_READ_URL is set (`reads` is 'replica'), else on the primary; a replica
   * that cannot be reached, or cancels the read (recovery conflict), is replaced by the primary.
   * A replica lags the primary, so never for a request that writes, a check a write relies on, or
   * a signed-in user's own data: those stay in tenant(), on the primary.
   */
  tenantRead<T>(tenantId: string, fn: (sql: Sql) => Promise<T>, options?: ReadOptions): Promise<T>;
  /** Where tenantRead() reads: 'replica' only with DATABASE_READ_URL on PostgreSQL. */
  readonly reads: 'primary' | 'replica';
  /**
   * tenantRead() calls that start after this one see every commit the primary had made when it
   * was called: call it when public data changed (after the commit), so that what is read next,
   * and cached, is not the replica's older copy. Every notice that listen() delivers does it
   * first by itself. Without a replica, nothing to do.
   */
  fenceReads(): void;
  /** Runs `fn` in one transaction as APP_ROLE with no tenant: global tables only. */
  anonymous<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` as the login role (migrations, seeding, operator commands). Never used by request
   * handlers. A superuser bypasses RLS, but a production owner usually is not one, and FORCE
   * applies RLS to owners: code touching tenant tables here sets app.tenant_id itself.
   */
  owner<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script as the owner. */
  exec(script: string): Promise<void>;
  /**
   * One statement with parameters, or a script without, as the owner, outside any request
   * transaction; rolls back whatever the text left open when it fails. For the job library
   * (pg-boss's `db.executeSql` adapter, server/services/jobs), never for tenant data.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Receives every NOTIFY on `channel` from any session (every server process), as the owner,
   * until the returned function stops it. `connected` runs each time the listening session
   * (re)starts and `lost` when it breaks: notices sent meanwhile are lost, so callers start over.
   * Always on the primary (a hot standby cannot LISTEN); each notice fences tenantRead() first.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while this process holds the database-wide lock `name`: start-up steps every process
   * and host runs (migrations, seeding, job queues) happen one process at a time. The embedded
   * database admits one process, so there it just runs `fn`.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Connections of each pool ('primary', 'replica'); none for the embedded database. */
  poolStats(): Record<string, PoolStats>;
  /**
   * With a replica: tenantRead() calls so far served by it ('replica') or by the primary because
   * it was 'unreachable', 'behind' (a fence not replayed in time) or hit a recovery 'conflict'.
   * Empty without one.
   */
  replicaReads(): Record<string, number>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface ReadOptions {
  /**
   * Sees every transaction the primary had committed when the call began (e.g. a change just
   * announced by NOTIFY): waits, briefly, until the replica has replayed the primary's WAL up to
   * that point, else reads the primary. Costs one primary round trip; without a replica, nothing.
   */
  fresh?: boolean;
}

export interface ListenHandlers {
  notify(payload: string): void;
  connected(): void;
  lost(): void;
}

/** Drops to the app role for the rest of the transaction (= SET LOCAL ROLE). */
export const enterAppRole = `SELECT set_config('role', '${APP_ROLE}', true)`;
/**
 * Drops to the app role and sets the tenant, both transaction-local, in one round trip: with
 * PGlite every statement of a request waits its turn, so each saved round trip counts.
 */
export const enterTenant = `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', $1, true)`;
/**
 * enterTenant for tenantRead(), also READ ONLY (= SET TRANSACTION READ ONLY), still one round
 * trip: a catalogue read that tried to write fails on the primary as it would on a replica.
 */
export const enterTenantRead = `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', $1, true), set_config('transaction_read_only', 'on', true)`;

/**
 * An owner transaction inside one tenant (operator commands, seeding, purges): FORCE RLS applies
 * to a non-superuser owner, so the tenant is set first and the rows stay the tenant's.
 */
export function ownerInTenant<T>(db: Database, tenant: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return db.owner(async (sql) => {
    await sql.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant]);
    return fn(sql);
  });
}
