import type { Database } from '../../db/database';
import { dataChangedElsewhere, publishChangesWith, setHearingChanges } from '../../lib/response-cache';
import { batchedAnnouncer } from './notice-batch';

/**
 * The channel of public-data changes; the payload is `<sender>|<tenant code>`, or
 * `<sender>|<tenant code>|<doctor ids, comma-separated>` for a change of those doctors'
 * availability.
 */
export const PUBLIC_DATA_CHANNEL = 'public_data_changed';

/**
 * The most doctors a notice names (a lapsed-hold sweep can free many); beyond, it names none and
 * drops the tenant's per-doctor answers too. 200 ids stay far below NOTIFY's 8 000-byte payload.
 */
const MAX_NOTICE_DOCTORS = 200;

/** The tenant and, when the notice names them, the doctors of a notice's body (after the sender). */
export function readNotice(body: string): { tenant: string; doctorIds?: number[] } {
  const [tenant = '', doctors] = body.split('|');
  if (doctors === undefined) return { tenant };
  const doctorIds = doctors.split(',').map(Number);
  // A notice it cannot read names nobody: the tenant's answers are dropped, the safe side.
  return doctorIds.every((id) => Number.isSafeInteger(id) && id > 0) ? { tenant, doctorIds } : { tenant };
}

/** A notice's body for a change of `tenant` (of `doctorIds`' availability, when given). */
export function noticeBody(tenant: string, doctorIds?: readonly number[]): string {
  return doctorIds && doctorIds.length <= MAX_NOTICE_DOCTORS ? `${tenant}|${doctorIds.join(',')}` : tenant;
}

export interface ChangeBus {
  /** Whether remote changes reach this process now (false while the listening session is down). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * Carries `dataChanged(tenant)` between server processes (and from admin commands to servers), so
 * a booking, a cancellation or an approval made through one process drops the cached public
 * answers of every process at once. Transport: PostgreSQL NOTIFY/LISTEN on the
 * database every process already shares, so it needs no other service and cannot disagree with
 * the data (a notice is sent only after the write committed). Changes made while a notice is on
 * its way go together in the next one (notice-batch.ts). A notice this process sent comes back to
 * it and is ignored (its own caches were dropped when it sent it).
 *
 * While the listening session is down, notices are lost: on losing it and again on reconnecting,
 * every tenant's cached answers are dropped ('*'), and in between nothing is cached (every answer
 * comes from the database), so no process serves a change it could not hear of. The embedded database has one process, and the bus runs there all the same (its notices
 * come back to their sender only): one code path, tested on both engines.
 */
/** The part of a pino logger the bus uses (admin commands pass a console stand-in). */
export interface BusLog {
  warn(detail: object | string, message?: string): void;
}

export async function startChangeBus(db: Database, log: BusLog): Promise<ChangeBus> {
  const sender = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  let listening = false;
  const stopListening = await db.listen(PUBLIC_DATA_CHANNEL, {
    notify(payload) {
      const bar = payload.indexOf('|');
      if (bar < 0 || payload.slice(0, bar) === sender) return;
      const { tenant, doctorIds } = readNotice(payload.slice(bar + 1));
      dataChangedElsewhere(tenant, doctorIds);
    },
    connected() {
      if (!listening) dataChangedElsewhere('*');
      listening = true;
      setHearingChanges(true);
    },
    lost() {
      listening = false;
      setHearingChanges(false);
      log.warn('change bus: listening session lost; public answers are not cached until it is back');
      dataChangedElsewhere('*');
    },
  });
  // The first connection may have failed (it is retried): until it is up, nothing is cached.
  setHearingChanges(listening);
  const pending = new Set<Promise<void>>();
  // One statement per batch, committed without waiting for the disk: a crash can lose only the
  // announcement, never the write it announces (committed before), and listeners start over
  // from '*' when their session is lost.
  const announce = batchedAnnouncer(async (notices) => {
    const payloads = notices.map((n) => `${sender}|${noticeBody(n.tenant, n.doctorIds)}`);
    await db
      .executeSql(
        `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, payload) FROM unnest($2::text[]) AS payload`,
        [PUBLIC_DATA_CHANNEL, payloads],
      )
      .catch((error: unknown) =>
        log.warn(
          { err: error, tenants: notices.map((n) => n.tenant) },
          'change bus: could not announce a change',
        ),
      );
  });
  const stopPublishing = publishChangesWith((tenant, doctorIds) => {
    // The public reads that refill the dropped caches may go to a read replica: they wait until it
    // has replayed this change (other processes fence when the notice reaches them).
    db.fenceReads();
    const sent = announce(tenant, doctorIds);
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
    return sent;
  });
  return {
    get listening() {
      return listening;
    },
    async close() {
      stopPublishing();
      // Announcements already made still go out (an admin command closes right after its write).
      await Promise.all(pending);
      await stopListening();
    },
  };
}
