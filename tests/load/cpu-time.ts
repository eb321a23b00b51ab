import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) used so far by processes of this machine, read from /proc: the
 * server under test and every PostgreSQL process. Taken before and after a measured phase, it
 * says where a request's CPU goes (the bench's client counts itself through process.cpuUsage).
 * Linux only; elsewhere every figure is null. The clock tick is 100 Hz on Linux's x86 and arm.
 */
const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export interface CpuSnapshot {
  server: number | null;
  /** Per PostgreSQL process: backends come and go during a phase, so each is diffed alone. */
  postgres: Map<number, number>;
  client: number;
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const postgres = new Map<number, number>();
  for (const pid of postgresPids()) {
    const seconds = cpuSecondsOf(pid);
    if (seconds !== null) postgres.set(pid, seconds);
  }
  const usage = process.cpuUsage();
  return {
    server: serverPid === undefined ? null : cpuSecondsOf(serverPid),
    postgres,
    client: (usage.user + usage.system) / 1e6,
  };
}

/** CPU seconds each side used between two snapshots (PostgreSQL: all its processes together). */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot) {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return {
    server: before.server === null || after.server === null ? null : after.server - before.server,
    postgres: after.postgres.size === 0 ? null : postgres,
    client: after.client - before.client,
  };
}
