import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantHeaders, type TestApp, createTestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../../app';
import { dataChanged } from '../../lib/response-cache';
import type { Database, Sql } from '../../db/database';
import { openPostgres } from '../../db/postgres';
import { globalSearch, likeEscaped, nameMatches, searchResults } from '../../modules/search/index';
import { createSearchIndex, type SearchIndex } from './index';
import { sampleSearchTexts } from './sample-texts';

/**
 * The in-process search index: the same answers as the SQL search it replaces, a
 * change made through any connection reaches every app's index, and tenants never mix.
 * The public cache is off here (TTL 0) so that every request reaches the index.
 */
let t: TestApp;
let index: SearchIndex;
/** Tenants whose index was (re)built, counted through the database the index reads. */
const builds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: true, doctors: 40, env: { DISCOVERY_CACHE_TTL_MS: '0' } });
  await owner(
    'songkhoe',
    `INSERT INTO doctors (full_name, gender, approval_status) VALUES ('Nguyễn Thị Vân', 'F', 1), ('Nguyễn Văn Ân', 'M', 1)`,
  );
  const counting: Database = {
    ...t.db,
    tenantRead: (tenant, fn, options) => {
      builds.push(tenant);
      return t.db.tenantRead(tenant, fn, options);
    },
  };
  index = createSearchIndex(counting, { error: () => undefined });
});
afterAll(async () => {
  await index?.close();
  await t?.close();
});

const owner = <T>(tenant: string, text: string, params: unknown[] = []) =>
  t.db.tenant(tenant, async (sql) => (await sql.query<T>(text, params)).rows);

const search = async (app: FastifyInstance, text: string, tenant = 'songkhoe') => {
  const reply = await app.inject({
    url: `/api/v1/GlobalSearches?searchText=${encodeURIComponent(text)}&languageId=2`,
    headers: tenantHeaders(tenant),
  });
  expect(reply.statusCode).toBe(200);
  return (reply.json().data as { name: string; typeId: number }[])
    .filter((r) => r.typeId === 0)
    .map((r) => r.name);
};

/** Waits (bounded) until `check` holds: notices from another session arrive shortly after commit. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** The doctors the SQL name filter of FilterDoctors matches (nameMatches), in the list's order. */
const sqlNameMatches = (sql: Sql, text: string) =>
  sql
    .query<{ doctor_id: number }>(
      `SELECT d.doctor_id FROM doctors d WHERE d.approval_status = 1 AND ${nameMatches(
        'fold_text($1::text)',
        `'%' || fold_text($2::text) || '%'`,
      )} ORDER BY d.rating DESC, d.rating_count DESC, d.doctor_id`,
      [text, likeEscaped(text)],
    )
    .then((r) => r.rows.map((row) => row.doctor_id));

/** The folded-name source texts: every doctor's name in the tenant. */
const doctorNames = async (tenant: string) =>
  (await owner<{ full_name: string }>(tenant, 'SELECT full_name FROM doctors')).map((r) => r.full_name);

/**
 * Expects the index's header search to answer `text` as the SQL search does; false when the
 * index left the text to SQL (nothing compared).
 */
async function expectSqlAnswer(tenant: string, text: string, lang: 'vi' | 'en'): Promise<boolean> {
  const hits = await index.search(tenant, text, lang);
  if (!hits) return false;
  const expected = await t.db.tenant(tenant, (sql) => globalSearch(sql, lang, text));
  expect(searchResults(hits), text).toEqual(expected);
  return true;
}

describe('answers as the SQL search does', () => {
  it('on hundreds of realistic texts: fragments, no accents, typos, upper case, both languages', async () => {
    const texts = [
      ...sampleSearchTexts(await doctorNames('songkhoe'), 300, 11),
      'tim mahc',
      'nguen van',
      'NGUYỄN VĂN',
      'Nguyen  Van',
      'đau',
      'a%b',
      'x_y',
      '\\',
      '-',
      'Đ',
      'ﬁ',
    ];
    let compared = 0;
    for (const [i, text] of texts.entries()) {
      if (await expectSqlAnswer('songkhoe', text, i % 2 === 0 ? 'vi' : 'en')) compared++;
      const ids = await index.matchingDoctorIds('songkhoe', text);
      if (ids) expect(ids, text).toEqual(await t.db.tenant('songkhoe', (sql) => sqlNameMatches(sql, text)));
    }
    // Only texts whose folding leaves non-ASCII characters go to SQL ('ﬁ' folds to itself).
    expect(compared).toBeGreaterThanOrEqual(texts.length - 1);
  });

  it('with hundreds of namesakes of a few common names, where the search stops early', async () => {
    // Few words in many combinations, as in real Vietnamese names: thousands of ties on a common
    // family name, namesakes (scored once per distinct name), trigrams shared by two words of a name
    // ("  n" in "nguyen" and "nam": counted per word, an upper bound), one- and two-letter texts
    // (stopping once no better name can come), texts no name contains.
    const families = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Ngô', 'An'];
    const middles = ['Văn', 'Thị', 'Hữu', 'Ngọc'];
    const givens = ['An', 'Anh', 'Hà', 'Nam', 'Ngân', 'Hùng', 'Hưng', 'Uyên', 'A'];
    const rows = Array.from({ length: 400 }, (_, i) => {
      const name = `${families[(i * 7) % 6]} ${middles[(i * 3) % 4]} ${givens[(i * 5) % 9]}`;
      return `('${name}', 'M', 1, ${((i * 37) % 50) / 10})`;
    });
    await owner(
      'saomai',
      `INSERT INTO doctors (full_name, gender, approval_status, rating) VALUES ${rows.join(', ')}`,
    );
    const texts = [
      ...sampleSearchTexts(await doctorNames('saomai'), 150, 5),
      ...[
        'a',
        'u',
        'n',
        'an',
        'ng',
        'qz',
        'on',
        'nguyyen',
        'ngyen t',
        'nguyen va',
        'van an',
        'tha ng',
        'hung a',
      ],
    ];
    for (const [i, text] of texts.entries())
      expect(await expectSqlAnswer('saomai', text, i % 2 === 0 ? 'vi' : 'en'), text).toBe(true);
  });

  it('finds through typos and missing accents, exact matches first', async () => {
    const typo = await index.search('songkhoe', 'tim mahc', 'vi');
    expect(typo!.specialities[0]!.name).toBe('Tim mạch');
    const plain = await index.search('songkhoe', 'nguyen van an', 'vi');
    expect(plain!.doctors[0]!.name).toBe('Nguyễn Văn Ân');
    const misspelt = await index.search('songkhoe', 'nguyen van aan', 'vi');
    expect(misspelt!.doctors.map((d) => d.name)).toContain('Nguyễn Văn Ân');
    const english = await index.search('songkhoe', 'cardiolgy', 'en');
    expect(english!.specialities[0]!.name).toBe('Cardiology');
  });
});

describe('freshness and tenants', () => {
  it('a change made through another connection reaches a second app on the same database', async () => {
    // A second "server process": its own app, pool and listening session (PostgreSQL), or the
    // same embedded database (PGlite has a single process). Neither app is told of the change.
    let second: Database = t.db;
    if (t.db.kind === 'postgres') {
      const name = await t.db.owner(
        async (sql) => (await sql.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name,
      );
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      second = await openPostgres(url.toString(), 2);
    }
    const other = await buildApp({ env: t.env, db: second, registry: t.registry, logger: false });
    await other.ready();
    try {
      expect(await search(other, 'Vân')).toContain('Nguyễn Thị Vân');
      expect(await search(t.app, 'Vân')).toContain('Nguyễn Thị Vân');
      await owner(
        'songkhoe',
        `UPDATE doctors SET full_name = 'Nguyễn Thị Vânh' WHERE full_name = 'Nguyễn Thị Vân'`,
      );
      expect(await eventually(async () => (await search(other, 'Vânh')).includes('Nguyễn Thị Vânh'))).toBe(
        true,
      );
      expect(await eventually(async () => (await search(t.app, 'Vânh')).includes('Nguyễn Thị Vânh'))).toBe(
        true,
      );
      // Withdrawn approval: gone from both.
      await owner('songkhoe', `UPDATE doctors SET approval_status = 0 WHERE full_name = 'Nguyễn Thị Vânh'`);
      expect(await eventually(async () => !(await search(other, 'Vânh')).includes('Nguyễn Thị Vânh'))).toBe(
        true,
      );
      expect(await eventually(async () => !(await search(t.app, 'Vânh')).includes('Nguyễn Thị Vânh'))).toBe(
        true,
      );
    } finally {
      await other.close();
      if (second !== t.db) await second.close();
    }
  });

  it('keeps each tenant’s names apart and rebuilds only the tenant that changed', async () => {
    await owner(
      'songhong',
      `INSERT INTO doctors (full_name, gender, approval_status) VALUES ('Zyxel Songhong', 'M', 1)`,
    );
    expect(
      await eventually(async () => (await index.search('songhong', 'zyxel', 'vi'))?.doctors.length === 1),
    ).toBe(true);
    expect(await eventually(async () => (await index.search('songkhoe', 'zyxel', 'vi')) !== undefined)).toBe(
      true,
    );
    expect((await index.search('songkhoe', 'zyxel', 'vi'))!.doctors).toEqual([]);
    // Both indexes exist now; a change in songhong rebuilds songhong's only.
    builds.length = 0;
    await owner(
      'songhong',
      `UPDATE doctors SET full_name = 'Zyxel Songhong Hai' WHERE full_name = 'Zyxel Songhong'`,
    );
    expect(
      await eventually(
        async () =>
          (await index.search('songhong', 'zyxel songhong hai', 'vi'))?.doctors.some(
            (d) => d.name === 'Zyxel Songhong Hai',
          ) === true,
      ),
    ).toBe(true);
    await index.search('songkhoe', 'zyxel', 'vi');
    expect(builds).toContain('songhong');
    expect(builds).not.toContain('songkhoe');
    // A booking (next free slot) is not a search change: no rebuild.
    builds.length = 0;
    await owner(
      'songkhoe',
      `UPDATE doctors SET next_free_slot = now() + interval '1 day' WHERE doctor_id IN (SELECT doctor_id FROM doctors LIMIT 3)`,
    );
    await new Promise((r) => setTimeout(r, 100));
    await index.search('songkhoe', 'nguyen', 'vi');
    expect(builds).toEqual([]);
    // Nor is this process's own booking, cancel or lapsed hold; another change of its own is.
    await dataChanged('songkhoe', 'availability');
    await index.search('songkhoe', 'nguyen', 'vi');
    expect(builds).toEqual([]);
    await dataChanged('songkhoe');
    await index.search('songkhoe', 'nguyen', 'vi');
    expect(builds).toEqual(['songkhoe']);
  });
});
