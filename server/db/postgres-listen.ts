import pg from 'pg';
import type { ListenHandlers } from './database';

/** Wait before reconnecting a broken listening session (a restarting database answers soon). */
const RETRY_MS = 1_000;
/** A connection attempt to an unreachable host gives up (and is retried) after this long. */
const CONNECT_TIMEOUT_MS = 5_000;

export interface Listener {
  /** LISTENs on `channel` until the returned function stops it (see Database.listen). */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

/**
 * One listening session per process for every channel (the change bus, the search index, the
 * keyring, the call relay, live notifications...): each channel costs a LISTEN, not a database
 * connection. It is a session of its own (a pooled connection would be handed to requests), since
 * PostgreSQL delivers notices only to the session that listens. A broken session is reported to
 * every subscriber (`lost`) and replaced; `connected` runs once LISTEN is in effect again, for all
 * channels. Never rejects: a first connection that fails is retried like a broken one. The session
 * opens with the first subscriber and closes after the last one leaves.
 */
export function createListener(connectionString: string): Listener {
  const subscribers = new Map<string, Set<ListenHandlers>>();
  /** The live session and the channels LISTENed on it. */
  let client: pg.Client | undefined;
  let listened = new Set<string>();
  let attempt: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const everyone = () => [...subscribers.values()].flatMap((set) => [...set]);
  const schedule = () => {
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), RETRY_MS);
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
      if (client === session) {
        client = undefined;
        listened = new Set();
      }
      session.end().catch(() => undefined);
      if (subscribers.size === 0) return;
      for (const handlers of everyone()) handlers.lost();
      schedule();
    };
    session.on('error', onBroken);
    session.on('end', onBroken);
    session.on('notification', (message) => {
      for (const handlers of subscribers.get(message.channel) ?? []) handlers.notify(message.payload ?? '');
    });
    const done = new Set<string>();
    try {
      await session.connect();
      // Channels subscribed while this attempt runs are taken too.
      for (;;) {
        const pending = [...subscribers.keys()].filter((channel) => !done.has(channel));
        if (pending.length === 0) break;
        for (const channel of pending) {
          await session.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          done.add(channel);
        }
      }
    } catch (error) {
      session.end().catch(() => undefined);
      throw error;
    }
    if (subscribers.size === 0) {
      await session.end().catch(() => undefined);
      return;
    }
    client = session;
    listened = done;
    live = true;
    for (const handlers of everyone()) handlers.connected();
  };

  const connect = (): Promise<void> => {
    clearTimeout(retry);
    attempt ??= start()
      .catch(() => {
        if (subscribers.size > 0) schedule();
      })
      .finally(() => {
        attempt = undefined;
      });
    return attempt;
  };

  return {
    async listen(channel, handlers) {
      let set = subscribers.get(channel);
      if (!set) subscribers.set(channel, (set = new Set()));
      set.add(handlers);
      const session = client;
      if (session && !attempt) {
        if (!listened.has(channel)) {
          // A failure here means the session broke: its 'error' reports it lost and reconnects.
          await session
            .query(`LISTEN ${pg.escapeIdentifier(channel)}`)
            .then(() => listened.add(channel))
            .catch(() => undefined);
        }
        if (client === session && listened.has(channel)) handlers.connected();
      } else {
        await connect();
      }
      return async () => {
        const current = subscribers.get(channel);
        if (!current?.delete(handlers)) return;
        if (current.size === 0) {
          subscribers.delete(channel);
          if (client && listened.delete(channel)) {
            await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
          }
        }
        if (subscribers.size > 0) return;
        clearTimeout(retry);
        const last = client;
        client = undefined;
        listened = new Set();
        await last?.end().catch(() => undefined);
      };
    },
  };
}
