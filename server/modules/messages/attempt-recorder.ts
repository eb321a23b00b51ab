import type { Database } from '../../db/database';
import { recordMessages, type OutgoingMessage } from '../../services/delivery/index';
import { finishDeliveries, type FinishedAttempt } from './deliveries';

/** One ended attempt to record, with the outbox record of a sent email or SMS. */
export interface EndedAttempt extends FinishedAttempt {
  outbox: OutgoingMessage | null;
}

interface Waiting {
  attempt: EndedAttempt;
  done: (recorded: boolean) => void;
  failed: (error: unknown) => void;
}

/**
 * Records a dispatcher's attempts as they end, several per transaction: while one batch is being
 * written the next ones gather, as PostgreSQL's group commit does, so a busy dispatcher writes its
 * results in a few transactions (two statements each) instead of one transaction per message,
 * and a quiet one writes each as soon as it ends. A sent message's outbox record commits with its
 * result, and only when the result was recorded (the attempt still held its lease).
 */
export function attemptRecorder(db: Database, tenant: string) {
  let waiting: Waiting[] = [];
  let writing = false;
  const write = async () => {
    // Set and cleared in the same turn as the loop's last check: nothing added in between is missed.
    writing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        try {
          const recorded = await db.tenant(tenant, async (sql) => {
            const ids = await finishDeliveries(
              sql,
              batch.map((w) => w.attempt),
            );
            await recordMessages(
              sql,
              batch.flatMap((w) =>
                w.attempt.outbox && ids.has(w.attempt.deliveryId) ? [w.attempt.outbox] : [],
              ),
            );
            return ids;
          });
          for (const w of batch) w.done(recorded.has(w.attempt.deliveryId));
        } catch (error) {
          for (const w of batch) w.failed(error);
        }
      }
    } finally {
      writing = false;
    }
  };
  return {
    /** @returns whether the attempt's result was recorded (false: its lease had passed to another) */
    record(attempt: EndedAttempt): Promise<boolean> {
      const result = new Promise<boolean>((done, failed) => waiting.push({ attempt, done, failed }));
      if (!writing) void write();
      return result;
    },
  };
}
