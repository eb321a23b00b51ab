import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterDoctorsRequest } from '../../../schemas/catalogue';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../../app';
import type { Database } from '../../db/database';
import { sampleSearchTexts } from '../../services/search-index/index';
import { enabledFeatures } from '../catalogue/index';
import { filterDoctors } from './doctor-list-repository';

/**
 * FilterDoctors by name alone is paged by the search index (its matches in the list's order) and
 * SQL reads only that page's cards: the answers must be those of the SQL search (filterDoctors
 * without the index's ids) on the same data, Vietnamese names and typos included, page by page,
 * and a tenant's index never answers for another. The public cache is off (TTL 0), so every
 * request reaches the index.
 */
let t: TestApp;
let app: FastifyInstance;
/** Statements the app ran through tenantRead: which path answered. */
const statements: string[] = [];

const CARDS_OF_A_PAGE = 'unnest($1::int[]) WITH ORDINALITY';

beforeAll(async () => {
  t = await createTestApp({ seed: true, doctors: 60, env: { DISCOVERY_CACHE_TTL_MS: '0' } });
  // Ties of rating that only rating_count and then the id separate, and names with diacritics.
  await owner(
    'songkhoe',
    `INSERT INTO doctors (full_name, gender, approval_status, rating, rating_count) VALUES
       ('Nguyễn Thị Vân', 'F', 1, 4.5, 3), ('Nguyễn Thị Vân', 'F', 1, 4.5, 9), ('Nguyễn Văn Ân', 'M', 1, 4.5, 9),
       ('Đặng Văn Đức', 'M', 1, 4.5, 3), ('Đặng Thị Hà', 'F', 1, 3.0, 0), ('Ngô Hữu Đức', 'M', 0, 5.0, 40),
       ('Zyxel Songkhoe', 'M', 1, 4.0, 1)`,
  );
  await owner(
    'songhong',
    `INSERT INTO doctors (full_name, gender, approval_status, rating, rating_count) VALUES
       ('Zyxel Songhong', 'M', 1, 4.0, 1), ('Nguyễn Thị Vân', 'F', 1, 5.0, 2)`,
  );
  const counting: Database = {
    ...t.db,
    tenantRead: (tenant, fn, options) =>
      t.db.tenantRead(
        tenant,
        (sql) =>
          fn({
            ...sql,
            query: (text, params) => {
              statements.push(text);
              return sql.query(text, params);
            },
          }),
        options,
      ),
  };
  app = await buildApp({ env: t.env, db: counting, registry: t.registry, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const owner = (tenant: string, text: string) => t.db.tenant(tenant, (sql) => sql.query(text));

/** The answer of the route (the index path when it can). */
async function routeAnswer(tenant: string, body: FilterDoctorsRequest, lang = 'vi') {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/Doctors/FilterDoctors',
    headers: tenantHeaders(tenant, { 'x-accept-language': lang }),
    payload: body,
  });
  expect(reply.statusCode, JSON.stringify(body)).toBe(200);
  return reply.json().data;
}

/** The answer of the SQL search alone (no ids from the index), as JSON would carry it. */
async function sqlAnswer(tenant: string, body: FilterDoctorsRequest, lang: 'vi' | 'en' = 'vi') {
  const features = enabledFeatures(t.registry.byCode.get(tenant)!);
  const answer = await t.db.tenantRead(tenant, (sql) => filterDoctors(sql, lang, features, body));
  return JSON.parse(JSON.stringify(answer));
}

/** Expects the route and the SQL search to agree; true when the index paged the answer. */
async function expectSameAnswer(tenant: string, body: FilterDoctorsRequest, lang: 'vi' | 'en' = 'vi') {
  statements.length = 0;
  const answer = await routeAnswer(tenant, body, lang);
  // The SQL search's statement; the index path runs only the cards of a page, if any.
  const paged = !statements.some((s) => s.startsWith('WITH page AS'));
  expect(answer, `${tenant} ${JSON.stringify(body)}`).toEqual(await sqlAnswer(tenant, body, lang));
  return paged;
}

describe('FilterDoctors by name: the index pages as the SQL search does', () => {
  it('on realistic texts, Vietnamese diacritics, typos and wildcards, page by page', async () => {
    const names = (await owner('songkhoe', 'SELECT full_name FROM doctors')).rows.map((r) =>
      String(r.full_name),
    );
    const texts = [
      ...sampleSearchTexts(names, 80, 3),
      'Nguyễn Thị Vân',
      'nguyen thi van',
      'NGUYỄN VĂN',
      'Đặng',
      'dang',
      'đ',
      'Đức',
      'n',
      'nguen van',
      'zyxel',
      'a%b',
      'x_y',
      'qqqq',
    ];
    let paged = 0;
    for (const [i, searchText] of texts.entries()) {
      const lang = i % 2 === 0 ? 'vi' : 'en';
      for (const page of [{}, { pageNumber: 2, pageSize: 5 }, { pageSize: 100 }, { pageNumber: 40 }])
        if (await expectSameAnswer('songkhoe', { searchText, ...page }, lang)) paged++;
    }
    // Most pages came from the index (texts folding to non-ASCII and empty pages need no cards).
    expect(paged).toBeGreaterThan(texts.length * 2);
  });

  it('leaves other filters and orders to SQL, with the same answers', async () => {
    for (const body of [
      { searchText: 'nguyen', orderBy: 'ASC' as const },
      { searchText: 'nguyen', orderType: 'relevance' as const },
      { searchText: 'nguyen', gender: ['F' as const] },
      { searchText: 'nguyen', orderType: 'rating' as const, specialities: [] },
    ]) {
      statements.length = 0;
      expect(await routeAnswer('songkhoe', body)).toEqual(await sqlAnswer('songkhoe', body));
      const indexPaged = statements.some((s) => s.includes(CARDS_OF_A_PAGE));
      // Only the last one asks for names alone (an empty facet list filters nothing).
      expect(indexPaged, JSON.stringify(body)).toBe(body.specialities !== undefined);
    }
  });

  it('never answers one tenant from another tenant’s index', async () => {
    const songkhoe = await routeAnswer('songkhoe', { searchText: 'Zyxel' });
    const songhong = await routeAnswer('songhong', { searchText: 'Zyxel' });
    expect(songkhoe.doctors.map((d: { fullName: string }) => d.fullName)).toEqual(['Zyxel Songkhoe']);
    expect(songhong.doctors.map((d: { fullName: string }) => d.fullName)).toEqual(['Zyxel Songhong']);
    for (const tenant of ['songhong', 'songkhoe'])
      for (const searchText of ['Zyxel', 'Nguyễn Thị Vân', 'zyxel songhong', 'zyxel songkhoe'])
        await expectSameAnswer(tenant, { searchText });
    // A typo's neighbours come from the tenant's own names only.
    const across = await routeAnswer('songkhoe', { searchText: 'zyxel songhong' });
    expect(across.doctors.map((d: { fullName: string }) => d.fullName)).toEqual(['Zyxel Songkhoe']);
  });

  it('follows a change of rating_count alone (a review that keeps the average)', async () => {
    const body = { searchText: 'Nguyễn Thị Vân' };
    const before = await routeAnswer('songkhoe', body);
    const ids = before.doctors.map((d: { doctorId: number }) => d.doctorId);
    await owner(
      'songkhoe',
      `UPDATE doctors SET rating_count = 20 WHERE full_name = 'Nguyễn Thị Vân' AND rating_count = 3`,
    );
    const expected = await sqlAnswer('songkhoe', body);
    expect(expected.doctors.map((d: { doctorId: number }) => d.doctorId)).not.toEqual(ids);
    // The notice reaches the index a moment after the commit.
    let answer = await routeAnswer('songkhoe', body);
    for (let i = 0; i < 100 && JSON.stringify(answer) !== JSON.stringify(expected); i++) {
      await new Promise((r) => setTimeout(r, 20));
      answer = await routeAnswer('songkhoe', body);
    }
    expect(answer).toEqual(expected);
  });
});
