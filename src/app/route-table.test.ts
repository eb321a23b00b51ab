import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE, ROUTES } from './route-table';

describe('route table', () => {
  it('names a page module that exists for every route, and paths only once', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    for (const { page } of [...ROUTES, { page: NOT_FOUND_PAGE }]) {
      expect(existsSync(path.join(root, `${page}.tsx`)), page).toBe(true);
    }
    const paths = ROUTES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
