import autocannon from 'autocannon';
import { sampleSearchTexts } from '../../server/services/search-index/sample-texts';
import type { BenchSection } from './bench-module';

/**
 * Search that stays fast when nothing is cached: GlobalSearches where every request
 * carries a text not asked before, so the public cache never answers and each request reaches
 * the search (the in-process index, server/services/search-index). Texts are realistic and
 * distinct: fragments of the tenant's real doctor names, with and without accents, with typos,
 * some medical terms, alternating languages. Targets: p99 < 20 ms at 50 connections on
 * PostgreSQL (10 000 doctors), < 50 ms on PGlite (demo data).
 *
 * First one connection sends 300 distinct texts one at a time ("cold": what one search costs,
 * loopback included); then 20 and 50 connections load fresh texts for the duration. The
 * FilterDoctors name filter is measured the same way (cold, then 50 connections twice: while the
 * doctor cards are first read, then once they are cached).
 *
 * 10 000 doctors on PostgreSQL (see discovery.bench.ts for the seed command):
 *   BENCH_DATABASE_URL=postgres://... BENCH_SECTIONS=search npm run bench
 */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export const section: BenchSection = {
  title: 'Search with every text distinct (no cache hits): GlobalSearches, FilterDoctors by name',
  async run({ server, seconds, print }) {
    const headers = {
      companycode: 'songkhoe',
      'x-accept-language': 'vi',
      'content-type': 'application/json',
    };
    const { names, texts } = await distinctSearchTexts(server.url, 150_000, 20261125);
    let next = 0;
    const take = () => texts[next++ % texts.length]!;
    const searchPath = () => {
      const i = next;
      return `/api/v1/GlobalSearches?searchText=${encodeURIComponent(take())}&languageId=${(i % 2) + 1}`;
    };
    const filterBody = () => JSON.stringify({ searchText: take(), pageSize: 15 });
    print(`${names.length} doctor names sampled, ${texts.length} distinct texts`);

    const cold = async (name: string, send: () => Promise<Response>) => {
      const times: number[] = [];
      for (let i = 0; i < 300; i++) {
        const started = performance.now();
        const reply = await send();
        await reply.arrayBuffer();
        if (!reply.ok) throw new Error(`${name} answered ${reply.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      print(
        `${name.padEnd(26)} cold (1 connection, 300 new texts): median ${percentile(times, 50).toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    };
    const load = async (name: string, connections: number, request: autocannon.Request) => {
      const result = await autocannon({
        url: server.url,
        connections,
        duration: seconds,
        headers,
        requests: [request],
      });
      print(
        `${name.padEnd(26)} ${connections} connections: median ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ${Math.round(result.requests.average)} req/s   ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx`,
      );
    };

    await cold('GlobalSearches', () => fetch(`${server.url}${searchPath()}`, { headers }));
    for (const connections of [20, 50]) {
      await load('GlobalSearches', connections, {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: searchPath() }),
      });
    }
    await cold('FilterDoctors searchText', () =>
      fetch(`${server.url}/api/v1/Doctors/FilterDoctors`, { method: 'POST', headers, body: filterBody() }),
    );
    // Texts are new in both rounds; the doctor cards of the pages (page-cards.ts) are read from the
    // database in the first (the server has just started) and mostly kept in the second, as on a
    // server that has been answering for a while.
    for (const cards of ['cards read', 'cards kept']) {
      await load(`FilterDoctors (${cards})`, 50, {
        method: 'POST',
        path: '/api/v1/Doctors/FilterDoctors',
        setupRequest: (request) => ({ ...request, body: filterBody() }),
      });
    }
    // GlobalSearches answered by the index are never cached, so a reused text costs a full search;
    // a reused FilterDoctors body may come from the public cache.
    if (next > texts.length)
      print(
        `note: ${next} requests reused texts (only ${texts.length} distinct; only FilterDoctors can be cached)`,
      );
  },
};

/**
 * Realistic search texts, all distinct (the cache key ignores case, so texts that differ only in
 * case count once), made of the tenant's real doctor names (the first 1 000).
 */
export async function distinctSearchTexts(
  url: string,
  count: number,
  seed: number,
): Promise<{ names: string[]; texts: string[] }> {
  const names: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const reply = await fetch(`${url}/api/v1/Doctors/FilterDoctors`, {
      method: 'POST',
      headers: { companycode: 'songkhoe', 'x-accept-language': 'vi', 'content-type': 'application/json' },
      body: JSON.stringify({ pageNumber: page, pageSize: 100 }),
    }).then((r) => r.json() as Promise<{ data?: { doctors?: { fullName: string }[] } }>);
    const doctors = reply.data?.doctors ?? [];
    names.push(...doctors.map((d) => d.fullName));
    if (doctors.length < 100) break;
  }
  const lower = new Set<string>();
  const texts = sampleSearchTexts(names, count, seed).filter(
    (text) => !lower.has(text.toLowerCase()) && lower.add(text.toLowerCase()),
  );
  return { names, texts };
}
