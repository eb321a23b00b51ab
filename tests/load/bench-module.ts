import type { ServerProcess } from './server-process';

/**
 * A benchmark section of `npm run bench`: a module tests/load/<name>.bench.ts exporting
 * `section`. It runs against the already started server (seeded demo tenants) and prints its
 * figures; loopback only, every loop bounded in count or time.
 */
export interface BenchSection {
  title: string;
  run(context: {
    server: ServerProcess;
    /** The server's database settings (DATA_DIR, DATABASE_URL), for operator commands on it. */
    env: Record<string, string>;
    /** 'PGlite' or 'PostgreSQL' */
    database: string;
    connections: number;
    seconds: number;
    print(line: string): void;
  }): Promise<void>;
}
