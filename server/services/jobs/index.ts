import PgBoss from 'pg-boss';
import type { Database } from '../../db/database';
import { jobRuns, watchQueues } from '../metrics/index';

/**
 * Persisted, periodic jobs on the application's own database (PostgreSQL or embedded PGlite,
 * through the same code path), with pg-boss 10 (11+ needs Node 22).
 *
 * A job here is a periodic trigger: its data lives in the feature's own tables (reminders are
 * rows written in the booking transaction), so a job that runs late or twice does no harm, and a
 * restart loses nothing. Every process ticks each job every `everySeconds` and offers pg-boss one
 * run for that time window (`singletonKey` = the job, `singletonSeconds` = the period: a unique
 * index keeps one per window, whatever the number of processes); the queue's `stately` policy keeps
 * at most one run waiting and one running; one worker takes it (SKIP LOCKED). So each window runs
 * once across processes, and a run never overlaps the previous one.
 */
export interface JobDefinition {
  /** Queue name, for example 'reminders.dispatch'. */
  name: string;
  everySeconds: number;
  run(now: Date): Promise<void>;
}

export interface JobServiceOptions {
  db: Database;
  jobs: JobDefinition[];
  log?: { info(msg: string): void; error(obj: unknown, msg: string): void };
  /** How often a worker asks for work (default 2 s; pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

export interface JobService {
  /** Creates pg-boss's schema and queues if needed, starts ticking and working. */
  start(): Promise<void>;
  /** Offers one run of every job for the current window now (tests; the timers do it otherwise). */
  tick(): Promise<void>;
  /** Stops ticking, lets running jobs finish (up to `timeoutMs`), stops pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
  readonly boss: PgBoss;
}

/** The schema pg-boss keeps its tables in (owned by the login role, invisible to the app role). */
export const JOBS_SCHEMA = 'pgboss';

export function createJobService({
  db,
  jobs,
  log,
  pollingIntervalSeconds = 2,
}: JobServiceOptions): JobService {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    // We tick ourselves (seconds resolution); pg-boss's cron clock would add queries for nothing.
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => log?.error({ err: error }, 'job service error'));
  const timers: NodeJS.Timeout[] = [];
  let stopWatching = () => undefined as unknown;
  let stopping = false;
  const running = new Set<Promise<void>>();

  // pg-boss records the end of a run (complete or fail) without awaiting it: when the database goes
  // away at that moment, the job stays 'active', and the stately queue runs nothing more until it
  // expires (expireInSeconds). So each run's end is kept and recorded again before the job's next
  // offer (either call changes nothing once the end is recorded).
  const ends = new Map<string, { name: string; failed: boolean }>();
  const recordEnds = async (name: string) => {
    for (const [id, end] of ends) {
      if (end.name !== name) continue;
      await (end.failed ? boss.fail(name, id) : boss.complete(name, id));
      ends.delete(id);
    }
  };

  const offer = async (job: JobDefinition) => {
    try {
      await recordEnds(job.name);
      await boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: job.everySeconds });
    } catch (error) {
      log?.error({ err: error, job: job.name }, 'could not offer a job run');
    }
  };

  return {
    boss,
    async start() {
      // pg-boss installs its schema and creates queues with DDL that deadlocks when several
      // processes or hosts do it at once (a new deployment starting): one at a time.
      await db.exclusive('jobs.install', async () => {
        await boss.start();
        for (const job of jobs) {
          // retryLimit 0: the next window runs it again anyway.
          await boss.createQueue(job.name, {
            name: job.name,
            policy: 'stately',
            retryLimit: 0,
            expireInSeconds: 300,
          });
        }
      });
      for (const job of jobs) {
        await boss.work(job.name, { pollingIntervalSeconds, batchSize: 1 }, async ([handed]) => {
          // pg-boss may hand over a run it fetched just before stop(): skip it (the database is
          // about to close; the next window runs the job again).
          if (stopping) return;
          const run = job.run(new Date());
          running.add(run);
          let failed = false;
          try {
            await run;
            jobRuns.inc({ job: job.name, outcome: 'ok' });
          } catch (error) {
            failed = true;
            jobRuns.inc({ job: job.name, outcome: 'failed' });
            throw error;
          } finally {
            running.delete(run);
            if (handed) ends.set(handed.id, { name: job.name, failed });
          }
        });
        await offer(job);
        const timer = setInterval(() => void offer(job), job.everySeconds * 1000);
        timer.unref();
        timers.push(timer);
      }
      stopWatching = watchQueues(async () => {
        const depths: Record<string, number> = {};
        for (const job of jobs) depths[job.name] = await boss.getQueueSize(job.name);
        return depths;
      });
      log?.info(`job service started: ${jobs.map((j) => j.name).join(', ')}`);
    },
    async tick() {
      for (const job of jobs) await offer(job);
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      stopWatching();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      await Promise.allSettled(running);
    },
  };
}
