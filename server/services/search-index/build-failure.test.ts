import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db';
import { searchIndexBuilds } from '../metrics/index';
import { createSearchIndex, type SearchIndex } from './index';

/**
 * A search index build that fails is never silent: search answers on in SQL (slower, so nothing
 * else would show it), and the failure is logged with its cause and counted in
 * search_index_builds_total{outcome="failed"}. The fault is real: a table the build reads is
 * renamed away in this test's own database, then put back.
 */
let test: TestDatabase;
let index: SearchIndex;
const logged: { detail: { err: unknown; tenant: string }; message: string }[] = [];

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
  index = createSearchIndex(test.db, { error: (detail, message) => logged.push({ detail, message }) });
});
afterAll(async () => {
  await index?.close();
  await test?.dispose();
});

const builds = async (outcome: 'built' | 'failed') =>
  (await searchIndexBuilds.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;

describe('a failed search index build', () => {
  it('is logged with its cause and counted, and the next search builds again once the fault is gone', async () => {
    const failedBefore = await builds('failed');
    const builtBefore = await builds('built');
    await test.db.owner((sql) => sql.query('ALTER TABLE specialities RENAME TO specialities_away'));
    try {
      // undefined: the caller searches in SQL.
      expect(await index.search('songkhoe', 'tim', 'vi')).toBeUndefined();
    } finally {
      await test.db.owner((sql) => sql.query('ALTER TABLE specialities_away RENAME TO specialities'));
    }
    expect(await builds('failed')).toBe(failedBefore + 1);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toMatch(/search index build failed/);
    expect(logged[0]!.detail.tenant).toBe('songkhoe');
    expect(String(logged[0]!.detail.err)).toMatch(/specialities/);

    // The failed build was not kept: the next search builds, and that is counted too.
    expect(await index.search('songkhoe', 'tim', 'vi')).toBeDefined();
    expect(await builds('built')).toBe(builtBefore + 1);
    expect(logged).toHaveLength(1);
  });
});
