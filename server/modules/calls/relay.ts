import type { Database } from '../../db/database';
import { NoticeFanout, type StreamWaker } from '../../services/notice-fanout/index';

/** The channel that wakes the streams of a call; the payload is `<tenant>|<appointment id>`. */
export const CALL_SIGNAL_CHANNEL = 'call_signal';

export type { StreamWaker };

/**
 * Carries "a call has a new message" between server processes, so the patient's browser and the
 * doctor's meet whichever processes or hosts serve them: the message itself is a row (it survives
 * a process dying between write and read), and a PostgreSQL NOTIFY after its commit wakes every
 * process's streams of that call, which read the rows they have not sent yet. While the listening
 * session is down (notices are lost), and again when it is back, every stream looks by itself.
 */
export class CallRelay {
  private readonly fanout: NoticeFanout;

  constructor(private readonly db: Database) {
    this.fanout = new NoticeFanout(db, CALL_SIGNAL_CHANNEL);
  }

  start(log: { warn(detail: object | string, message?: string): void }): Promise<void> {
    return this.fanout.start(log);
  }

  /** Registers a stream of a call until the returned function removes it. */
  add(tenant: string, appointmentId: number, stream: StreamWaker): () => void {
    return this.fanout.add(`${tenant}|${appointmentId}`, stream);
  }

  /** Announces a committed message of a call to every process (this one included). */
  async announce(tenant: string, appointmentId: number): Promise<void> {
    const key = `${tenant}|${appointmentId}`;
    // Local streams need no round trip through the database.
    this.fanout.wake(key);
    await this.db.executeSql('SELECT pg_notify($1, $2)', [CALL_SIGNAL_CHANNEL, key]);
  }

  get openStreams(): number {
    return this.fanout.openStreams;
  }

  close(): Promise<void> {
    return this.fanout.close();
  }
}
