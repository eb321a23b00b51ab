import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS, paths } from '../../schemas/paths';
import { ACCOUNT_PAGES, NOT_FOUND_PAGE, ROUTES } from '../../schemas/routes';

describe('route table', () => {
  it('names a page module that exists for every route, and paths only once', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    for (const { page } of [...ROUTES, { page: NOT_FOUND_PAGE }]) {
      expect(existsSync(path.join(root, `${page}.tsx`)), page).toBe(true);
    }
    const all = ROUTES.map((entry) => entry.path);
    expect(new Set(all).size).toBe(all.length);
  });

  it('offers only built pages: every account link has its own page, no placeholder route', () => {
    for (const link of ACCOUNT_LINKS) expect(ACCOUNT_PAGES[link.path], link.path).toBeTruthy();
    const pages = ROUTES.map((entry) => entry.page);
    expect(pages).not.toContain('src/features/account/routes/account-page');
    // Remote-monitoring packages (spec section 2): protected, behind feature iomt.
    expect(ROUTES.find((entry) => entry.path === paths.servicePackages)).toMatchObject({
      protected: true,
      feature: 'iomt',
    });
  });
});
