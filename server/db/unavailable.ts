/**
 * The database cannot be reached right now: it is restarting or stopped, out of connections, or
 * the network to it broke. The pg implementation (server/db/postgres.ts) throws this in place of
 * the driver's error, so the error handler can answer 503 with Retry-After (the request is worth
 * repeating in a moment) instead of a 500, and cannot mistake another service's socket error (a
 * storage or mail server refusing) for the database's.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Retry-After of a request refused while the database is out of reach (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** `error`, or a DatabaseUnavailableError around it when it says the database is unreachable. */
export function asUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

/** Socket errors of a connection that could not be made or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting connections yet: 57P01
 * admin_shutdown (pg_ctl stop, a failover), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, shutting down, in recovery), 53300 too_many_connections; class 08 is
 * connection_exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * The pg driver's and pool's own messages for the same conditions (they carry no code): a socket
 * closed mid-query, a pool checkout or a query that ran out of time, a client already broken.
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
];

/** Whether a driver error says the connection could not be made or broke (not a failed statement). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node reports a host name with several addresses that all refused as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Keeps the process serving when a promise nobody waits for fails only because the database is
 * out of reach: pg-boss 10 does not await the complete() or fail() it sends after a job's run, so
 * a database going away at that moment rejects them unhandled, and Node would end the process
 * (every request and the jobs with it) over a job's bookkeeping. Any other unhandled rejection
 * still ends the process, as by default. Returns the uninstaller.
 */
export function surviveDatabaseOutages(log: (error: DatabaseUnavailableError) => void): () => void {
  const onRejection = (reason: unknown) => {
    if (reason instanceof DatabaseUnavailableError) return log(reason);
    throw reason;
  };
  process.on('unhandledRejection', onRejection);
  return () => void process.off('unhandledRejection', onRejection);
}
