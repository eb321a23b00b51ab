import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchSection } from './bench-module';
import { ROUTES, type RouteEntry } from '../../schemas/routes';
import { measurePaintWeight } from './first-paint-bytes';
import { measureLatency, type LatencyResult } from './http-latency';
import { HOME_JS_BUDGET_KB, PAGE_JS_MARGIN_KB, pageBudgets } from './paint-budget';
import { startServer } from './server-process';

/**
 * `npm run bench`: builds the web app, starts the real server on a fresh embedded database
 * (or BENCH_DATABASE_URL), then prints
 *  - for every page of the route table, the gzipped JS and CSS loaded before the first paint
 *    (the server's shell) and the JS loaded before the app's first render, against its budget
 *    (tests/load/paint-budget.ts: 120 KB on /, every other page within 15 KB of /);
 *  - median and p99 latency of GET /api/v1/Specialities and the boot bundle under load.
 * Loopback only; every loop is bounded in time.
 */
const PORT = Number(process.env.BENCH_PORT ?? 8193);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BOOKING_BUDGET_KB = 40;

// BENCH_WEB=0: API sections only (no build when one exists, no page weights), for profiling a route.
const webMeasured = process.env.BENCH_WEB !== '0';
if (webMeasured || !existsSync('dist/index.html')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

// BENCH_DATA_DIR: an embedded database seeded beforehand (kept); else a fresh demo one.
const dataDir = process.env.BENCH_DATA_DIR ?? 'data/bench';
if (!process.env.BENCH_DATABASE_URL && !process.env.BENCH_DATA_DIR)
  rmSync(dataDir, { recursive: true, force: true });
const serverEnv = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
};
const server = await startServer(PORT, serverEnv);
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

try {
  const headers = { companycode: 'songkhoe', 'x-accept-language': 'vi' };
  const doctor = await fetch(`${server.url}/api/v1/Doctors/FilterDoctors`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ pageNumber: 1, pageSize: 1 }),
  }).then((r) => r.json() as Promise<{ data?: { doctors?: { doctorId: number }[] } }>);
  const doctorId = doctor.data?.doctors?.[0]?.doctorId ?? 1;
  // Every page of the route table but the demo tools (the demo portal has every feature on), with
  // the demo doctor's id where a path has an id. Signed-in pages are opened with a stored user
  // whose token the API refuses: what counts here is the code the page loads before it renders.
  const concrete = (entry: RouteEntry) =>
    entry.path === '/book-appointment'
      ? `/book-appointment?doctorId=${doctorId}`
      : entry.path
          .replace('/doctor-details/:id', `/doctor-details/${doctorId}`)
          .replace(/\/:\w+\?$/, '/post')
          .replace(/:\w+/g, '1');
  const pages = ROUTES.filter((entry) => !entry.devOnly);
  const storedUser = { user: JSON.stringify({ userId: 1, token: 'bench', fullName: 'Bench' }) };

  const weights =
    webMeasured && (existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH)
      ? [
          ...(await measurePaintWeight(
            `http://localhost:${PORT}`,
            pages.filter((entry) => !entry.protected).map(concrete),
          )),
          ...(await measurePaintWeight(
            `http://localhost:${PORT}`,
            pages.filter((entry) => entry.protected).map(concrete),
            { localStorage: storedUser },
          )),
        ]
      : [];

  const latencies: LatencyResult[] = [];
  for (const [name, path] of [
    ['GET /api/v1/Specialities', '/api/v1/Specialities'],
    ['GET /api/v1/Tenants/Boot', '/api/v1/Tenants/Boot'],
  ] as const) {
    latencies.push(
      await measureLatency(name, `${server.url}${path}`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers,
      }),
    );
  }

  console.log(
    `\n== Web: gzipped bytes loaded before the first paint (the server's shell) and before the app's first render (budget ${HOME_JS_BUDGET_KB} KB JS on /, / + ${PAGE_JS_MARGIN_KB} KB on every other page)`,
  );
  if (weights.length === 0)
    console.log(`   (skipped: ${webMeasured ? 'no Chromium at /usr/bin/chromium' : 'BENCH_WEB=0'})`);
  const budgets = pageBudgets(weights);
  for (const w of weights) {
    const budget = budgets.find((b) => b.route === w.route);
    const verdict = budget ? `budget ${budget.budgetKb} KB ${budget.over ? 'OVER BUDGET' : 'ok'}` : '';
    console.log(
      `   ${w.route.padEnd(34)} first paint ${w.firstContentfulPaintMs} ms: JS ${w.jsGzipKb} KB, CSS ${w.cssGzipKb} KB   app render ${w.appRenderMs} ms: JS ${w.appJsGzipKb} KB   ${verdict}`,
    );
    console.log(`      ${w.files.join(' ')}`);
    // BENCH_FILES=1: what the app-render figure is made of, heaviest first.
    if (process.env.BENCH_FILES) {
      console.log(`      app render: ${w.appFiles.map((f) => `${f.path} ${f.gzipKb}`).join(', ')}`);
    }
  }
  const over = budgets.filter((b) => b.over);
  if (over.length > 0) {
    console.log(`   OVER BUDGET: ${over.map((b) => `${b.route} ${b.kb} KB > ${b.budgetKb} KB`).join('; ')}`);
    process.exitCode = 1;
  }
  console.log(
    `\n== API on ${database}: ${CONNECTIONS} connections for ${SECONDS} s each (2 cores, loopback)`,
  );
  for (const l of latencies) {
    console.log(
      `   ${l.name.padEnd(28)} median ${l.p50} ms   p99 ${l.p99} ms   ${l.rps} req/s   ${l.requests} requests, ${l.errors} errors, ${l.non2xx} non-2xx`,
    );
  }
  // Sections contributed by features: tests/load/*.bench.ts.
  const dir = path.dirname(new URL(import.meta.url).pathname);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    // BENCH_SECTIONS=discovery,lighthouse runs only those sections.
    .filter(
      (f) => !process.env.BENCH_SECTIONS || process.env.BENCH_SECTIONS.split(',').includes(f.slice(0, -9)),
    )
    .sort()) {
    const { section } = (await import(path.join(dir, file))) as { section: BenchSection };
    console.log(`\n== ${section.title} (${database})`);
    await section.run({
      server,
      env: serverEnv,
      database,
      connections: CONNECTIONS,
      seconds: SECONDS,
      print: (line) => console.log(`   ${line}`),
    });
  }

  // The booking page may add at most BOOKING_BUDGET_KB of JS to what the doctor page loads.
  const doctorPage = weights.find((w) => w.route.startsWith('/doctor-details/'));
  const bookingPage = weights.find((w) => w.route.startsWith('/book-appointment'));
  if (doctorPage && bookingPage) {
    const added = Math.round((bookingPage.appJsGzipKb - doctorPage.appJsGzipKb) * 10) / 10;
    console.log(
      `\n== Booking page: ${added} KB gz of JS more than the doctor page before the app's first render (budget ${BOOKING_BUDGET_KB} KB)`,
    );
    if (added > BOOKING_BUDGET_KB) process.exitCode = 1;
  }
} finally {
  await server.stop();
}
