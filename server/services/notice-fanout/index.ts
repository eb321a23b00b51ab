import type { Database } from '../../db/database';

/** One open stream that a notice concerns: told to look again at what it sends. */
export interface StreamWaker {
  wake(): void;
}

/**
 * Wakes the open streams of this process that a PostgreSQL notice names, whichever process (or
 * operator command) caused it. One LISTEN session per channel and process, however many streams
 * it holds (a session each would exhaust the database's connections); notices fan out in memory by
 * their payload, which is the key streams register under. A notice carries no content: the woken
 * stream reads its rows itself, so a lost notice costs at most a heartbeat. While the listening
 * session is down (notices are lost), and again when it is back, every stream looks by itself.
 * Used by the video call relay and the live in-app notifications.
 */
export class NoticeFanout {
  private readonly streams = new Map<string, Set<StreamWaker>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    readonly channel: string,
  ) {}

  async start(log: { warn(detail: object | string, message?: string): void }): Promise<void> {
    this.stopListening = await this.db.listen(this.channel, {
      notify: (payload) => this.wake(payload),
      connected: () => this.wakeAll(),
      lost: () => {
        log.warn(`${this.channel}: listening session lost; open streams look on their heartbeat`);
        this.wakeAll();
      },
    });
  }

  /** Registers a stream under `key` until the returned function removes it. */
  add(key: string, stream: StreamWaker): () => void {
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0) this.streams.delete(key);
    };
  }

  /** Wakes this process's streams of `key` (what a notice with that payload does). */
  wake(key: string): void {
    for (const stream of this.streams.get(key) ?? []) stream.wake();
  }

  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    await this.stopListening?.();
  }

  private wakeAll() {
    for (const set of this.streams.values()) for (const stream of set) stream.wake();
  }
}
