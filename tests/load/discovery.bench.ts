import type { BenchSection } from './bench-module';
import { measureLatency } from './http-latency';

/**
 * Discovery under load: the header search and the doctor list sorted by earliest free slot
 * (targets: p99 < 30 ms on PostgreSQL, < 100 ms on PGlite, 50 connections).
 *
 * Each case is a mix of distinct requests (search texts with and without accents, with typos, in
 * both languages; filters and pages of the earliest-slot list), each connection cycling through
 * them. First every request of the mix is sent once, one at a time: these are cache misses and
 * show what the database path costs ("cold"). Then 50 connections load the mix for the duration:
 * answers repeat within the public cache's TTL, as they do for real visitors of one portal
 * ("under load"). Both figures are printed.
 *
 * Against the demo database `npm run bench` starts (220 doctors). For the 10 000-doctor /
 * ~1 000 000-slot figures, seed the benchmark tenant first, then point the bench at it:
 *
 *   DATABASE_URL=$BENCH_DATABASE_URL npm run seed -- --tenant songkhoe --doctors 10000 --slots-per-doctor 100 --reset
 *   BENCH_DATABASE_URL=postgres://... npm run bench
 *
 * (PGlite: DATA_DIR=data/bench-10k npm run seed -- ... then BENCH_DATA_DIR=data/bench-10k npm run
 * bench.) autocannon runs on the same 2 cores as the server, so the figures include the load
 * generator's own CPU use.
 */

const SEARCH_TEXTS = [
  'nguyen van',
  'Nguyễn Văn',
  'tran thi',
  'le',
  'pham',
  'hoang minh',
  'vu',
  'dang',
  'bui',
  'ngo',
  'tim mach',
  'tim mahc',
  'nguen van',
  'da lieu',
  'nhi khoa',
  'dau dau',
  'sot',
  'ho',
  'than kinh',
  'rang ham mat',
  'cardio',
  'skin',
  'headache',
  'fever',
];

type Variant = { method: 'GET' | 'POST'; path: string; body?: string };

const searches: Variant[] = SEARCH_TEXTS.flatMap((text) =>
  [1, 2].map((languageId) => ({
    method: 'GET' as const,
    path: `/api/v1/GlobalSearches?searchText=${encodeURIComponent(text)}&languageId=${languageId}`,
  })),
);

const earliestSlotLists = (extra: Record<string, unknown>): Variant[] =>
  [1, 2, 3, 4, 5].flatMap((pageNumber) =>
    [undefined, ['F'], ['M']].map((gender) => ({
      method: 'POST' as const,
      path: '/api/v1/Doctors/FilterDoctors',
      body: JSON.stringify({
        orderType: 'earliestSlot',
        pageSize: 15,
        pageNumber,
        ...extra,
        ...(gender && { gender }),
      }),
    })),
  );

const CASES: [string, Variant[]][] = [
  [`GlobalSearches (${searches.length} texts)`, searches],
  ['FilterDoctors earliestSlot (15 lists)', earliestSlotLists({})],
  ['FilterDoctors earliestSlot+video (15)', earliestSlotLists({ serviceTypes: [1] })],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

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
    for (const [name, variants] of CASES) {
      const cold: number[] = [];
      for (const v of variants) {
        const started = performance.now();
        const reply = await fetch(`${server.url}${v.path}`, {
          method: v.method,
          headers,
          body: v.body ?? null,
        });
        await reply.arrayBuffer();
        if (!reply.ok) throw new Error(`${v.method} ${v.path} answered ${reply.status}`);
        cold.push(performance.now() - started);
      }
      cold.sort((a, b) => a - b);
      print(
        `${name.padEnd(38)} cold (1 connection, cache misses): median ${percentile(cold, 50).toFixed(1)} ms   p99 ${percentile(cold, 99).toFixed(1)} ms`,
      );
      const result = await measureLatency(name, `${server.url}${variants[0]!.path}`, {
        connections,
        seconds,
        headers,
        requests: variants,
      });
      print(
        `${''.padEnd(38)} under load (${connections} connections): median ${result.p50} ms   p99 ${result.p99} ms   ${result.rps} req/s   ${result.requests} requests, ${result.errors} errors, ${result.non2xx} non-2xx`,
      );
    }
  },
};
