/**
 * The measurement behind the search engine choice (ARCHITECTURE.md "Search"): the same
 * distinct texts against each candidate, on a PostgreSQL database with 10 000 doctors, timed
 * inside this process (no HTTP). For each: median and p99 per search, build time and memory
 * where there is something to build, and how often its top 5 doctors equal the SQL search's
 * (the ranking the tests hold the product to).
 *
 *   DATABASE_URL=postgres://.../bench npm run seed -- --tenant songkhoe --doctors 10000 --slots-per-doctor 5 --reset
 *   npm install --no-save minisearch@7.2.0      # the library candidate (not a dependency)
 *   SEARCH_DATABASE_URL=postgres://.../bench npx tsx tests/load/search-engines.ts
 *
 * PostgreSQL variants run inside one transaction that is rolled back (their indexes are created
 * there and vanish), as the app role in tenant songkhoe.
 */
import pg from 'pg';
import { enterTenant, type Sql } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { globalSearch } from '../../server/modules/search/index';
import { TenantSearchIndex } from '../../server/services/search-index/tenant-index';
import { TextFolder } from '../../server/services/search-index/folding';
import { sampleSearchTexts } from '../../server/services/search-index/sample-texts';

const url = process.env.SEARCH_DATABASE_URL;
if (!url) throw new Error('SEARCH_DATABASE_URL: a PostgreSQL database seeded with 10 000 doctors');
const TENANT = 'songkhoe';
const N = 400;

const client = new pg.Client({ connectionString: url });
await client.connect();
const sql: Sql = {
  query: (text, params) => client.query(text, params) as never,
  script: async (text) => void (await client.query(text)),
};
const doctors = (
  await client.query<{ doctor_id: number; full_name: string; search_name: string }>(
    `SELECT doctor_id, full_name, search_name FROM doctors WHERE tenant_id = $1 AND approval_status = 1 ORDER BY rating DESC, doctor_id`,
    [TENANT],
  )
).rows;
const texts = sampleSearchTexts(
  doctors.slice(0, 2000).map((d) => d.full_name),
  N,
  42,
);
const reference = new Map<string, number[]>();

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const heapMb = () => {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1e6;
};

async function measure(name: string, run: (text: string) => Promise<number[]> | number[], note = '') {
  const times: number[] = [];
  let same = 0;
  for (const text of texts) {
    const started = performance.now();
    const ids = await run(text);
    times.push(performance.now() - started);
    const expected = reference.get(text);
    if (expected && JSON.stringify(expected) === JSON.stringify(ids)) same++;
  }
  console.log(
    `| ${name} | ${pct(times, 50).toFixed(2)} | ${pct(times, 99).toFixed(2)} | ${((100 * same) / texts.length).toFixed(0)}% | ${note} |`,
  );
}

console.log(`${doctors.length} approved doctors in ${TENANT}, ${texts.length} distinct texts\n`);
console.log('| engine | median ms | p99 ms | same top 5 as SQL | build / memory |');
console.log('|---|---|---|---|---|');

await client.query('BEGIN');
await client.query(enterTenant, [TENANT]);
const doctorIds = async (text: string) =>
  (await globalSearch(sql, 'vi', text)).filter((r) => r.typeId === 0).map((r) => r.id);
for (const text of texts) reference.set(text, await doctorIds(text));
await measure('PostgreSQL pg_trgm GIN (landed: one statement, word_similarity)', doctorIds);

// Same statement over GiST trigram indexes instead of GIN.
await client.query(`RESET ROLE`);
await client.query(`DROP INDEX doctors_search_name_trgm`);
let started = performance.now();
await client.query(`CREATE INDEX doctors_search_name_gist ON doctors USING gist (search_name gist_trgm_ops)`);
const gistBuild = performance.now() - started;
await client.query(enterTenant, [TENANT]);
await measure('PostgreSQL pg_trgm GiST (same statement)', doctorIds, `index ${gistBuild.toFixed(0)} ms`);

// Full text: a 'simple' tsvector of the folded name, every word a prefix ("nguyen:* & va:*").
await client.query(`RESET ROLE`);
started = performance.now();
await client.query(
  `CREATE INDEX doctors_search_fts ON doctors USING gin (to_tsvector('simple', search_name))`,
);
const ftsBuild = performance.now() - started;
await client.query(enterTenant, [TENANT]);
await measure(
  'PostgreSQL full text (tsvector simple + prefix, GIN)',
  async (text) => {
    const words = (
      text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/[a-z0-9đ]+/g) ?? []
    ).map((w) => `${w.replace(/đ/g, 'd')}:*`);
    if (words.length === 0) return [];
    const { rows } = await client.query<{ doctor_id: number }>(
      `SELECT doctor_id FROM doctors WHERE approval_status = 1
          AND to_tsvector('simple', search_name) @@ to_tsquery('simple', $1)
        ORDER BY ts_rank(to_tsvector('simple', search_name), to_tsquery('simple', $1)) DESC, rating DESC, doctor_id LIMIT 5`,
      [words.join(' & ')],
    );
    return rows.map((r) => r.doctor_id);
  },
  `index ${ftsBuild.toFixed(0)} ms; no typo tolerance`,
);
await client.query('ROLLBACK');

// In process: this project's index (exact pg_trgm port).
const db = await openPostgres(url, 2);
const folder = new TextFolder(db);
await folder.preload();
let before = heapMb();
started = performance.now();
const index = await db.tenant(TENANT, (s) => TenantSearchIndex.load(s));
const indexBuild = performance.now() - started;
const indexMemory = heapMb() - before;
await measure(
  'In process: pg_trgm port (server/services/search-index)',
  async (text) => index.search((await folder.fold(text))!, 'vi').doctors.map((d) => d.id),
  `build ${indexBuild.toFixed(0)} ms incl. reading rows, ~${indexMemory.toFixed(1)} MB`,
);
await db.close();

// In process: MiniSearch (fuzzy 0.2 + prefix), the maintained library candidate.
const { default: MiniSearch } = (await import('minisearch' as string)) as {
  default: new (options: object) => {
    addAll(docs: object[]): void;
    search(text: string, options: object): { id: number }[];
  };
};
before = heapMb();
started = performance.now();
const mini = new MiniSearch({ fields: ['search_name'], idField: 'doctor_id' });
mini.addAll(doctors);
const miniBuild = performance.now() - started;
const miniMemory = heapMb() - before;
await measure(
  'In process: MiniSearch 7.2 (fuzzy 0.2, prefix, AND)',
  async (text) =>
    mini
      .search((await folder.fold(text)) ?? text, { fuzzy: 0.2, prefix: true, combineWith: 'AND' })
      .slice(0, 5)
      .map((r) => r.id),
  `build ${miniBuild.toFixed(0)} ms, ~${miniMemory.toFixed(1)} MB; BM25 order`,
);
await client.end();
