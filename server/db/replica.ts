import pg from 'pg';
import { enterTenantRead, type PoolStats, type Sql } from './database';

export interface ReplicaOptions {
  /** The streaming replica (DATABASE_READ_URL): a physical copy, same database and roles. */
  url: string;
  /** Connections to the replica (DB_READ_POOL_SIZE). */
  poolSize?: number;
  /** How long a fresh read waits for the replica to replay the primary's WAL position, in ms. */
  freshWaitMs?: number;
  /** After the replica could not be reached, reads go to the primary this long, in ms. */
  retryAfterMs?: number;
}

/** A pg pool's connections: open, idle, and checkouts waiting for one. */
export function poolStats(pool: pg.Pool): PoolStats {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Where a public read was served: the replica, or the primary because the replica was ... */
export type ReadOutcome = 'replica' | 'unreachable' | 'behind' | 'conflict';

export interface ReplicaReader {
  /** fn in a read-only tenant transaction on the replica; `onPrimary()` when it cannot serve. */
  read<T>(
    tenantId: string,
    fn: (sql: Sql) => Promise<T>,
    fresh: boolean,
    onPrimary: () => Promise<T>,
  ): Promise<T>;
  /** Reads that start from now on see every commit the primary has made so far. */
  fence(): void;
  /** The replica pool's connections (metrics). */
  stats(): PoolStats;
  /** Public reads so far by where they were served: 'replica', or the primary and why (metrics). */
  reads(): Record<ReadOutcome, number>;
  close(): Promise<void>;
}

const POLL_MS = 5;
/** After a wait for replay ran out, reads the replica is behind for go to the primary this long. */
const BEHIND_MS = 1_000;
/** The replica could not serve this read: ask the primary. */
const ON_PRIMARY = Symbol('on primary');
/** enterTenantRead, and whether the replica has replayed the WAL up to $2 (one round trip). */
const enterTenantReadAt = `${enterTenantRead}, ${caughtUp('$2')} AS caught_up`;

/** True once a standby replayed `lsn`; a server not in recovery (a primary) is always current. */
function caughtUp(lsn: string) {
  return `COALESCE(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, NOT pg_is_in_recovery())`;
}

/** A WAL position ('16/B374D848') as a number, to compare two. */
export const lsnValue = (lsn: string) => {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
};

/**
 * Reads on a hot standby, with the primary as fallback: a replica that is down (or refuses
 * connections) sends reads to the primary for `retryAfterMs`, and a read the standby cancels
 * (a recovery conflict, SQLSTATE 40001) runs again on the primary. Errors of the read itself
 * (an ApiError of the handler, a bad query) are not retried: they would fail on the primary too.
 *
 * Consistency: every read's first statement also checks that the replica has replayed the
 * primary's WAL up to the last fence (`fence()`: the primary's WAL position when a change was
 * announced, or made here), and a fresh read up to the primary's position at its start; a replica
 * behind that is waited for up to `freshWaitMs`, then the primary answers (at once for the next
 * second). Checked on the read's own connection, so it holds even with several replicas behind
 * one address.
 */
export function createReplicaReader(primary: pg.Pool, options: ReplicaOptions): ReplicaReader {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: '-c jit=off',
    // A replica that does not answer must not hold public pages for long: the primary can.
    connectionTimeoutMillis: 3_000,
  });
  pool.on('error', () => undefined);
  // A connection that breaks while checked out fails its next statement instead of the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const freshWaitMs = options.freshWaitMs ?? 500;
  const retryAfterMs = options.retryAfterMs ?? 5_000;
  let downUntil = 0;
  let behindUntil = 0;
  const counts: Record<ReadOutcome, number> = { replica: 0, unreachable: 0, behind: 0, conflict: 0 };
  let fence: Promise<string> = Promise.resolve('0/0');

  /** The primary's WAL insert position: every commit made so far ends at or before it. */
  async function primaryLsn(): Promise<string> {
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    return rows[0]!.lsn;
  }

  /** The WAL position this read must see: the last fence, or the primary's now when fresh. */
  async function neededLsn(fresh: boolean): Promise<string> {
    // A fence the primary could not answer is no fence (without a primary, nothing changes).
    const fenced = await fence.catch(() => '0/0');
    if (!fresh) return fenced;
    const now = await primaryLsn();
    return lsnValue(now) > lsnValue(fenced) ? now : fenced;
  }

  /** Polls until the replica has replayed `lsn`, or `freshWaitMs` pass. */
  async function replayed(client: pg.PoolClient, lsn: string): Promise<boolean> {
    const deadline = Date.now() + freshWaitMs;
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>(`SELECT ${caughtUp('$1')} AS ok`, [lsn]);
      if (rows[0]?.ok) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function onReplica<T>(
    tenantId: string,
    fn: (sql: Sql) => Promise<T>,
    fresh: boolean,
  ): Promise<T | typeof ON_PRIMARY> {
    const lsn = await neededLsn(fresh);
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch {
      downUntil = Date.now() + retryAfterMs;
      counts.unreachable += 1;
      return ON_PRIMARY;
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ caught_up: boolean }>(enterTenantReadAt, [tenantId, lsn]);
      if (!rows[0]?.caught_up) {
        // Behind: wait outside the transaction (each poll sees the latest replay), then start again.
        await client.query('ROLLBACK');
        // A replica found too far behind lately is not waited for again at once: a paused or
        // slow replay must not add freshWaitMs to every public read while changes keep coming.
        if (Date.now() < behindUntil || !(await replayed(client, lsn))) {
          if (Date.now() >= behindUntil) behindUntil = Date.now() + BEHIND_MS;
          counts.behind += 1;
          return ON_PRIMARY;
        }
        await client.query('BEGIN');
        await client.query(enterTenantReadAt, [tenantId, lsn]);
      }
      const result = await fn({
        query: (text, params) => client.query(text, params) as never,
        script: async (text) => void (await client.query(text)),
      });
      await client.query('COMMIT');
      counts.replica += 1;
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const trouble = replicaTrouble(error);
      if (trouble === 'none') throw error;
      if (trouble === 'connection') {
        broken = true;
        downUntil = Date.now() + retryAfterMs;
      }
      counts[trouble === 'connection' ? 'unreachable' : 'conflict'] += 1;
      return ON_PRIMARY;
    } finally {
      client.release(broken);
    }
  }

  return {
    async read(tenantId, fn, fresh, onPrimary) {
      if (Date.now() < downUntil) {
        counts.unreachable += 1;
        return onPrimary();
      }
      const result = await onReplica(tenantId, fn, fresh);
      return result === ON_PRIMARY ? onPrimary() : result;
    },
    fence() {
      const previous = fence;
      const next = primaryLsn().catch(() => previous);
      fence = next;
    },
    stats: () => poolStats(pool),
    reads: () => ({ ...counts }),
    close: () => pool.end(),
  };
}

/** Connection classes: 08 connection exception, 57P01-03 shutdown / cannot connect now, 53300. */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Whether an error is the replica's rather than the read's: 'connection' (unreachable, shutting
 * down, connection lost), 'cancelled' (a hot standby cancels a read that conflicts with replay:
 * 40001, or 57P04 when the database was dropped), else 'none'.
 */
export function replicaTrouble(error: unknown): 'connection' | 'cancelled' | 'none' {
  if (!(error instanceof Error)) return 'none';
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) {
    if (code === '40001' || code === '57P04') return 'cancelled';
    if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_CODES.has(code)))
      return 'connection';
    return 'none';
  }
  // Node's socket errors (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ...) and pg's own.
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return 'connection';
  if (/Connection terminated|timeout exceeded when trying to connect/i.test(error.message))
    return 'connection';
  return 'none';
}
