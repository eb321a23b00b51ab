import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageModule } from './route-entry';
import { NOT_FOUND_PAGE, ROUTES } from '../../schemas/routes';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The page loader (page-loader.tsx) renders a route's module through its `Component` export: a
 * module without it (a default export, a misspelt name) renders React error #306 on that page.
 */
describe('page modules of the route table', () => {
  const pages = [...new Set([...ROUTES.map((entry) => entry.page), NOT_FOUND_PAGE])];

  it.each(pages)('%s exports Component', async (page) => {
    const module = (await import(/* @vite-ignore */ path.join(root, `${page}.tsx`))) as Partial<PageModule>;
    expect(typeof module.Component, `${page} must export Component`).toBe('function');
  });
});
