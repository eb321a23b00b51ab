import type { Database } from '../../db/database';

/** The channel that wakes the streams of a call; the payload is `<tenant>|<appointment id>`. */
export const CALL_SIGNAL_CHANNEL = 'call_signal';

/** One open signalling stream: told to look for new messages of its call. */
export interface StreamWaker {
  wake(): void;
}

/**
 * Carries "a call has a new message" between server processes, so the patient's browser and the
 * doctor's meet whichever processes or hosts serve them: the message itself is a row (it survives
 * a process dying between write and read), and a PostgreSQL NOTIFY after its commit wakes every
 * process's streams of that call, which read the rows they have not sent yet. While the listening
 * session is down (notices are lost), and again when it is back, every stream looks by itself.
 */
export class CallRelay {
  private readonly streams = new Map<string, Set<StreamWaker>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  async start(log: { warn(detail: object | string, message?: string): void }): Promise<void> {
    this.stopListening = await this.db.listen(CALL_SIGNAL_CHANNEL, {
      notify: (payload) => this.wakeCall(payload),
      connected: () => this.wakeAll(),
      lost: () => {
        log.warn('call relay: listening session lost; open calls look for messages on their heartbeat');
        this.wakeAll();
      },
    });
  }

  /** Registers a stream of a call until the returned function removes it. */
  add(tenant: string, appointmentId: number, stream: StreamWaker): () => void {
    const key = `${tenant}|${appointmentId}`;
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0) this.streams.delete(key);
    };
  }

  /** Announces a committed message of a call to every process (this one included). */
  async announce(tenant: string, appointmentId: number): Promise<void> {
    const key = `${tenant}|${appointmentId}`;
    // Local streams need no round trip through the database.
    this.wakeCall(key);
    await this.db.executeSql('SELECT pg_notify($1, $2)', [CALL_SIGNAL_CHANNEL, key]);
  }

  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    await this.stopListening?.();
  }

  private wakeCall(key: string) {
    for (const stream of this.streams.get(key) ?? []) stream.wake();
  }

  private wakeAll() {
    for (const set of this.streams.values()) for (const stream of set) stream.wake();
  }
}
