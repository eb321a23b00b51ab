import { Redis } from 'ioredis';

/** What /readyz reports: not configured, connected, or configured and unreachable. */
export type SharedCountersState = 'off' | 'ok' | 'down';

/**
 * Fixed-window hit counters in Redis (REDIS_URL), shared by every server process on every host:
 * rate limits such as codes per address or failed sign-ins per IP. Why Redis when the
 * database already shares them: a brute-force burst then costs an in-memory INCR instead of an
 * upserted row on the primary per attempt, so an attack does not load the database every booking
 * needs. Lockouts that belong to an account (failed passwords, wrong codes) stay in the database,
 * in the transaction that decides them.
 *
 * Never in the way: a command that Redis does not answer within COMMAND_TIMEOUT_MS, or any call
 * while it is unreachable, answers null and the caller counts in the database instead (degraded,
 * logged once per outage, /readyz says so); ioredis reconnects by itself and the state returns to
 * 'ok'. After a command that failed or timed out (a Redis frozen or cut off behind a connection
 * that still looks open), Redis is left alone until a PING (every PROBE_EVERY_MS) answers, so the
 * requests meanwhile do not each wait out the timeout. Without REDIS_URL there is no client and
 * every call answers null at once.
 */
export interface SharedCounters {
  readonly state: SharedCountersState;
  /**
   * When (ms since the epoch) Redis last came back in this process after being unreachable, or
   * null while it never was: hits of a window open before then may be in the database
   * (server/modules/accounts/rate-limit.ts adds them).
   */
  readonly recoveredAt: number | null;
  /** The log the counters report to (their callers' failures around them too). */
  readonly log: CountersLog;
  /** Adds one hit to `key` (expiring after `windowSeconds`) and answers the count; null: not counted. */
  hit(key: string, windowSeconds: number): Promise<number | null>;
  /** The count of `key`, or null when Redis cannot say. */
  peek(key: string): Promise<number | null>;
  close(): Promise<void>;
}

interface CountersLog {
  warn(detail: object | string, message?: string): void;
  info(message: string): void;
}

const COMMAND_TIMEOUT_MS = 250;
const PROBE_EVERY_MS = 1_000;
const KEY_PREFIX = 'sk:rate:';

/** Counters that never count (no REDIS_URL): callers count in the database. */
export const noSharedCounters: SharedCounters = {
  state: 'off',
  recoveredAt: null,
  log: { warn: () => undefined, info: () => undefined },
  hit: async () => null,
  peek: async () => null,
  close: async () => undefined,
};

export function createSharedCounters(url: string, log: CountersLog): SharedCounters {
  if (!url) return noSharedCounters;
  const redis = new Redis(url, {
    keyPrefix: KEY_PREFIX,
    // Fail at once while disconnected (the database counts meanwhile) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Log each outage once, and its end (also a Redis that was unreachable when the process
  // started). An outage: the connection is down, or a command failed on it.
  let outage = false;
  let recoveredAt: number | null = null;
  let probe: NodeJS.Timeout | null = null;
  const lost = (error?: Error) => {
    if (outage) return;
    outage = true;
    log.warn({ err: error }, 'shared counters: Redis unreachable; counting in the database meanwhile');
  };
  const back = () => {
    if (!outage) return;
    outage = false;
    recoveredAt = Date.now();
    log.info('shared counters: Redis is back');
  };
  redis.on('ready', () => {
    if (!outage) log.info('shared counters: Redis connected');
    back();
  });
  redis.on('error', lost);
  redis.on('close', () => lost());
  // After a failed command the connection may still look open (a frozen Redis, a cut without a
  // reset): a PING now and then says when it answers again. Meanwhile no request waits on it.
  const probeLater = () => {
    if (probe) return;
    probe = setTimeout(() => {
      probe = null;
      // Not connected: the 'ready' event ends the outage.
      if (redis.status !== 'ready') return;
      redis.ping().then(back, probeLater);
    }, PROBE_EVERY_MS);
    probe.unref();
  };

  const usable = () => redis.status === 'ready' && !outage;
  const attempt = async <T>(run: () => Promise<T>): Promise<T | null> => {
    if (!usable()) return null;
    try {
      return await run();
    } catch (error) {
      // A slow or failing command: count in the database, and in the database only until Redis
      // answers again.
      lost(error as Error);
      probeLater();
      return null;
    }
  };
  return {
    get state() {
      return usable() ? 'ok' : 'down';
    },
    get recoveredAt() {
      return recoveredAt;
    },
    log,
    hit: (key, windowSeconds) =>
      attempt(async () => {
        const replies = await redis
          .multi()
          .incr(key)
          .expire(key, windowSeconds + 60)
          .exec();
        const [error, count] = replies?.[0] ?? [new Error('no reply'), null];
        if (error) throw error;
        return Number(count);
      }),
    peek: (key) => attempt(async () => Number((await redis.get(key)) ?? 0)),
    async close() {
      if (probe) clearTimeout(probe);
      redis.removeAllListeners();
      redis.disconnect();
    },
  };
}
