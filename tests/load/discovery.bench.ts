import type { BenchSection } from './bench-module';
import { measureLatency } from './http-latency';

/**
 * Discovery under load: the header search and the doctor list sorted by earliest free slot
 * (targets: p99 < 30 ms on PostgreSQL, < 100 ms on PGlite, 50 connections).
 *
 * Against the demo database `npm run bench` starts (220 doctors). For the 10 000-doctor /
 * ~1 000 000-slot figures, seed the benchmark tenant first, then point the bench at it:
 *
 *   DATABASE_URL=$BENCH_DATABASE_URL npm run seed -- --tenant songkhoe --doctors 10000 --slots-per-doctor 100 --reset
 *   BENCH_DATABASE_URL=postgres://... npm run bench
 *
 * (PGlite: DATA_DIR=data/bench npm run seed -- ... then run the server on that DATA_DIR; `npm run
 * bench` alone wipes data/bench.) autocannon runs on the same 2 cores as the server, so the
 * figures include the load generator's own CPU use.
 */
export const section: BenchSection = {
  title: 'Discovery: GlobalSearches and FilterDoctors (earliest slot)',
  async run({ server, connections, seconds, print }) {
    const headers = {
      companycode: 'songkhoe',
      'x-accept-language': 'vi',
      'content-type': 'application/json',
    };
    const count = await fetch(`${server.url}/api/v1/Doctors/FilterDoctors`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ pageSize: 1 }),
    }).then((r) => r.json() as Promise<{ data?: { pagination?: { totalRecords?: number } } }>);
    print(`approved doctors in songkhoe: ${count.data?.pagination?.totalRecords ?? '?'}`);
    const cases = [
      [
        'GET GlobalSearches "nguyen van"',
        '/api/v1/GlobalSearches?searchText=nguyen%20van&languageId=2',
        undefined,
      ],
      [
        'GET GlobalSearches "tim mahc"',
        '/api/v1/GlobalSearches?searchText=tim%20mahc&languageId=2',
        undefined,
      ],
      [
        'POST FilterDoctors earliestSlot',
        '/api/v1/Doctors/FilterDoctors',
        { orderType: 'earliestSlot', pageSize: 15 },
      ],
      [
        'POST FilterDoctors earliestSlot+F+video',
        '/api/v1/Doctors/FilterDoctors',
        { orderType: 'earliestSlot', pageSize: 15, gender: ['F'], serviceTypes: [1] },
      ],
    ] as const;
    for (const [name, path, body] of cases) {
      const result = await measureLatency(name, `${server.url}${path}`, {
        connections,
        seconds,
        headers,
        method: body ? 'POST' : 'GET',
        body: body ? JSON.stringify(body) : undefined,
      });
      print(
        `${name.padEnd(38)} median ${result.p50} ms   p99 ${result.p99} ms   ${result.rps} req/s   ${result.requests} requests, ${result.errors} errors, ${result.non2xx} non-2xx`,
      );
    }
  },
};
