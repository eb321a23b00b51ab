import type { Database } from '../../db/database';
import { onDataChanged } from '../../lib/response-cache';
import { searchIndexBuilds } from '../metrics/index';
import { TextFolder } from './folding';
import { TenantSearchIndex, type SearchHits } from './tenant-index';

export { HITS_PER_TYPE, type Hit, type SearchHits } from './tenant-index';
/** Realistic search texts for the tests that compare the index's answers with SQL's. */
export { sampleSearchTexts } from './sample-texts';

/** The channel of migration 019's triggers; the payload is a tenant code, or '*' for all. */
export const SEARCH_CHANGED_CHANNEL = 'search_changed';

/**
 * In-process search over each tenant's doctor, symptom and speciality names: the
 * header search and the doctor-name filter answer in well under a millisecond, without a query,
 * with the results the SQL search gives (see tenant-index.ts). Why in the process: a SQL search
 * costs a pooled connection and a transaction per request, which at 50 concurrent visitors on 2
 * cores queued for 100+ ms (ARCHITECTURE.md "Search" has the measured comparison).
 *
 * Freshness: a tenant's index is built on its first search and dropped when migration 019's
 * triggers announce a change of that tenant on SEARCH_CHANGED_CHANNEL; every server process
 * listens, so a change made anywhere reaches all. While the listening session is down (or not
 * yet up), nothing is trusted: callers get `undefined` and search in SQL. Tenants never mix: each
 * index is read inside db.tenantRead(code) (row-level security) and kept under that code.
 *
 * With a read replica (DATABASE_READ_URL) an index is built there, but LISTEN stays on the
 * primary (a hot standby cannot LISTEN). A notice comes straight from the primary's commit, while
 * the replica may replay it a moment later: a build right after the notice could read the old
 * names and keep them until the next change. So each build is a fresh read: it waits until the
 * replica has replayed the primary's WAL position at the build's start (which covers the change
 * announced), or reads the primary if the replica stays behind (Database.tenantRead).
 */
export interface SearchIndex {
  /** Header search; undefined = use the SQL search (index not usable now, or an unusual text). */
  search(tenant: string, text: string, lang: 'vi' | 'en'): Promise<SearchHits | undefined>;
  /** Approved doctors matching a FilterDoctors name text; undefined = filter in SQL. */
  matchingDoctorIds(tenant: string, text: string): Promise<number[] | undefined>;
  /** Drops one tenant's index (also done by the database's notices). */
  invalidate(tenant: string): void;
  close(): Promise<void>;
}

/** Where a failed build is told (the app's pino logger; its `err` key prints the cause). */
export interface SearchIndexLog {
  error(detail: { err: unknown; tenant: string }, message: string): void;
}

export function createSearchIndex(db: Database, log: SearchIndexLog): SearchIndex {
  const folder = new TextFolder(db);
  const indexes = new Map<string, Promise<TenantSearchIndex>>();
  let listening = false;
  const forgetAll = () => indexes.clear();
  const invalidate = (tenant: string) => (tenant === '*' ? forgetAll() : indexes.delete(tenant));
  const stopListening = db.listen(SEARCH_CHANGED_CHANNEL, {
    notify: invalidate,
    // Notices may have been missed while the session was down: start over.
    connected: () => {
      forgetAll();
      listening = true;
    },
    lost: () => {
      listening = false;
      forgetAll();
    },
  });
  // The notice arrives on another connection a moment after the commit; a change this process made
  // (dataChanged) drops the index at once, so the writer's next search already sees it. Not a
  // booking's: places of slots are no names, and rebuilding a 10 000-doctor index after every
  // booking would put the SQL search back on the header's path.
  const stopHearingChanges = onDataChanged((tenant, scope) => {
    if (scope !== 'availability') invalidate(tenant);
  });

  async function indexOf(tenant: string): Promise<TenantSearchIndex | undefined> {
    await stopListening;
    if (!listening) return undefined;
    let index = indexes.get(tenant);
    if (!index) {
      index = (async () => {
        await folder.preload();
        // Kept until the next change: never built from a replica that has not yet replayed the
        // change that dropped the last one (fresh: the primary's WAL position now, else primary).
        return db.tenantRead(tenant, (sql) => TenantSearchIndex.load(sql), { fresh: true });
      })();
      indexes.set(tenant, index);
      // A failed build is not kept: the next search tries again (meanwhile SQL answers). It is
      // logged and counted, never silent: search still answers, only slower, so nothing else shows it.
      index.then(
        () => searchIndexBuilds.inc({ outcome: 'built' }),
        (error: unknown) => {
          searchIndexBuilds.inc({ outcome: 'failed' });
          log.error(
            { err: error, tenant },
            'search index build failed: searching in SQL until a build succeeds',
          );
          if (indexes.get(tenant) === index) indexes.delete(tenant);
        },
      );
    }
    return index.catch(() => undefined);
  }

  /** The folded text when the index can answer it; folded non-ASCII is left to SQL (see README). */
  async function foldForIndex(text: string): Promise<string | undefined> {
    const folded = await folder.fold(text).catch(() => undefined);
    return folded !== undefined && /^[\x20-\x7e]*$/.test(folded) ? folded : undefined;
  }

  return {
    async search(tenant, text, lang) {
      const index = await indexOf(tenant);
      const folded = index && (await foldForIndex(text));
      return folded === undefined ? undefined : index!.search(folded, lang);
    },
    async matchingDoctorIds(tenant, text) {
      const index = await indexOf(tenant);
      const folded = index && (await foldForIndex(text));
      return folded === undefined ? undefined : index!.matchingDoctorIds(folded);
    },
    invalidate: (tenant) => void invalidate(tenant),
    async close() {
      stopHearingChanges();
      listening = false;
      forgetAll();
      await (
        await stopListening
      )();
    },
  };
}
