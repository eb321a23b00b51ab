import { spawnSync } from 'node:child_process';

/**
 * The database's own ceiling on this machine: pgbench's TPC-B-like load (scale 10, the same
 * connection count as the booking run, `seconds` long) on a scratch database of the benchmarked
 * PostgreSQL server, dropped afterwards. MakeAppointment is reported as a share of it, so a
 * figure read on another machine still says how close the booking is to what the database allows.
 * @returns transactions per second, or null without pgbench on the PATH
 */
export function pgbenchCeiling(databaseUrl: string, clients: number, seconds: number): number | null {
  const url = new URL(databaseUrl);
  const scratch = 'songkhoe_pgbench_ceiling';
  const admin = (sql: string) =>
    spawnSync('psql', [databaseUrl, '-qAtc', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  admin(`DROP DATABASE IF EXISTS ${scratch}`);
  if (admin(`CREATE DATABASE ${scratch}`).status !== 0) return null;
  url.pathname = `/${scratch}`;
  try {
    const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url.toString()], { encoding: 'utf8' });
    if (init.status !== 0) return null;
    const run = spawnSync(
      'pgbench',
      ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', url.toString()],
      { encoding: 'utf8' },
    );
    const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '')?.[1];
    return tps ? Number(tps) : null;
  } finally {
    admin(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
}
