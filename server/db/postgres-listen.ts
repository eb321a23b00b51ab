import pg from 'pg';
import type { ListenHandlers } from './database';

/** Wait before reconnecting a broken listening session (a restarting database answers soon). */
const RETRY_MS = 1_000;
/** A connection attempt to an unreachable host gives up (and is retried) after this long. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a session of its own (a pooled connection would be handed to requests): PostgreSQL
 * delivers notices only to the session that listens. A broken session is reported (`lost`) and
 * replaced; `connected` runs once LISTEN is in effect again. Never rejects: a first connection
 * that fails is retried like a broken one.
 */
export async function listenOn(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const schedule = () => {
    retry = setTimeout(() => void attempt(), RETRY_MS);
    retry.unref();
  };
  const start = async (): Promise<void> => {
    // keepAlive: a session to a host that vanished without closing the socket is noticed as lost.
    const session = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    let live = false;
    const onBroken = () => {
      // Before LISTEN took effect, the failing start() retries instead.
      if (!live) return;
      live = false;
      client = undefined;
      session.end().catch(() => undefined);
      if (stopped) return;
      handlers.lost();
      schedule();
    };
    session.on('error', onBroken);
    session.on('end', onBroken);
    session.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await session.connect();
      await session.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      session.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await session.end().catch(() => undefined);
      return;
    }
    client = session;
    live = true;
    handlers.connected();
  };
  const attempt = () =>
    start().catch(() => {
      if (!stopped) schedule();
    });

  await attempt();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const session = client;
    client = undefined;
    await session?.end().catch(() => undefined);
  };
}
