import autocannon from 'autocannon';
import { addPatient, freeSlots, signIn, DEVICE } from '../scale/cluster-world';
import type { BenchSection } from './bench-module';
import { bookAll } from './booking.bench';
import { distinctSearchTexts } from './search.bench';
import { startServer } from './server-process';

/**
 * Throughput with 1 and 2 server processes: the same PostgreSQL database as the rest
 * of the bench, served by `WEB_CONCURRENCY=1` and then `WEB_CONCURRENCY=2` (node:cluster, one
 * port), Redis for the shared counters. Three loads, each for BENCH_SECONDS on BENCH_CONNECTIONS:
 *  - GlobalSearches with every text distinct (no cache answers: the in-process index of each
 *    process),
 *  - FilterDoctors over 200 distinct filter mixes (the cache answers most after the first round),
 *  - MakeAppointment of distinct free slots (every request a real booking on the primary).
 * Needs PostgreSQL (the embedded database admits one process):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/sk_search10k BENCH_SECTIONS=scale npm run bench
 * The load generator shares the machine's two cores with the servers: read the ratio, not the
 * absolute figure, and expect less than 2x.
 */
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 8197);

export const section: BenchSection = {
  title: 'Scale-out: the same loads on 1 and 2 server processes',
  async run({ database, connections, seconds, print }) {
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (database !== 'PostgreSQL' || !databaseUrl) {
      print(
        'needs BENCH_DATABASE_URL (PostgreSQL): more than one process cannot share the embedded database',
      );
      return;
    }
    const headers = {
      companycode: 'songkhoe',
      'x-accept-language': 'vi',
      'content-type': 'application/json',
    };
    let texts: string[] = [];
    for (const processes of [1, 2]) {
      const server = await startServer(PORT, {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
        WEB_CONCURRENCY: String(processes),
        METRICS_PORT: '0',
        JOBS_ENABLED: 'false',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      });
      try {
        // Warm every process's search index (each builds its own on its first search).
        for (let i = 0; i < 20 * processes; i++)
          await fetch(`${server.url}/api/v1/GlobalSearches?searchText=warm${i}&languageId=1`, { headers });
        if (texts.length === 0) ({ texts } = await distinctSearchTexts(server.url, 300_000, 20261126));
        let nextText = 0;
        const search = await autocannon({
          url: server.url,
          connections,
          duration: seconds,
          headers,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: `/api/v1/GlobalSearches?searchText=${encodeURIComponent(texts[nextText++ % texts.length]!)}&languageId=1`,
              }),
            },
          ],
        });
        let nextList = 0;
        const list = await autocannon({
          url: server.url,
          connections,
          duration: seconds,
          headers,
          requests: [
            {
              method: 'POST',
              path: '/api/v1/Doctors/FilterDoctors',
              setupRequest: (request) => {
                const i = nextList++ % 200;
                return {
                  ...request,
                  body: JSON.stringify({
                    pageNumber: 1 + (i % 10),
                    pageSize: 20,
                    orderType: ['rating', 'price', 'experience', 'earliestSlot'][i % 4],
                    serviceTypes: [i % 3],
                  }),
                };
              },
            },
          ],
        });
        const token = await signIn(server);
        const patientId = await addPatient(server, token, `Bench Scale ${processes}`);
        const bodies = (await freeSlots(server, patientId, 600)).map((b) => JSON.stringify(b));
        const {
          result: booking,
          statuses,
          seconds: bookingSeconds,
        } = await bookAll(
          server.url,
          connections,
          { ...headers, authorization: `Bearer ${token}`, unique: DEVICE },
          bodies,
        );
        // A run bounded by count is timed by bookAll (autocannon's average drops its last second).
        const line = (name: string, r: autocannon.Result, extra = '', rps = r.requests.average) =>
          print(
            `${processes} process${processes > 1 ? 'es' : ''}  ${name.padEnd(30)} ${Math.round(rps)} req/s   median ${r.latency.p50} ms   p99 ${r.latency.p99} ms   ${r.errors} errors, ${r.non2xx} non-2xx${extra}`,
          );
        line('GlobalSearches (uncached)', search);
        line('FilterDoctors (200 mixes)', list);
        line(
          `MakeAppointment (${bodies.length} slots)`,
          booking,
          `   ${JSON.stringify(Object.fromEntries(statuses))}`,
          booking.requests.total / bookingSeconds,
        );
      } finally {
        await server.stop();
      }
    }
  },
};
