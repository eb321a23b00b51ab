import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { RouteEntry } from '../../../schemas/routes';
import type { Database } from '../../db/database';
import type { Tenant } from '../../tenancy/registry';
import type { JsonLd } from './json-ld';
import type { Translate } from './messages';

/** What a page kind knows about one request, to describe it. */
export interface PageContext {
  db: Database;
  tenant: Tenant;
  lang: LanguageCode;
  t: Translate;
  /** Origin without a trailing slash ("https://benhviensonghong.example"). */
  origin: string;
  entry: RouteEntry;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** A page as search engines and link previews should see it (page-head.ts renders it). */
export interface PageDescription {
  status: 200 | 404;
  /** The page's part of the title ("<title> | <tenant>"); null: the tenant's name alone. */
  title: string | null;
  /** Description without the tenant's name (added in front, as the web app does). */
  description: string;
  /** The canonical path and query (its lang follows the page); null: none (404, private pages). */
  canonical: { path: string; query?: URLSearchParams } | null;
  /** index; noindex (private, missing); 'noindex, follow' (search results: the links count). */
  robots: 'index' | 'noindex' | 'noindex-follow';
  og?: {
    type?: 'website' | 'article' | 'profile';
    /** A title for the preview card richer than the page title (a doctor with their speciality). */
    title?: string;
    image?: string;
    imageAlt?: string;
    publishedTime?: string;
  };
  jsonLd?: JsonLd[];
}

/** A page kind: describes a request of the routes it serves. */
export type Describe = (context: PageContext) => Promise<PageDescription>;

/** A page that exists but is nobody's search result (account pages, booking): noindex. */
export const privatePage = (): PageDescription => ({
  status: 200,
  title: null,
  description: '',
  canonical: null,
  robots: 'noindex',
});

/** The 404 page: no route, a feature that is off, an entity that does not exist. */
export const notFoundPage = (t: Translate): PageDescription => ({
  status: 404,
  title: t('notFound.title'),
  description: '',
  canonical: null,
  robots: 'noindex',
});

/** The query of a list page: parameters that choose what it shows, and its typed-text filter. */
export interface ListQuery {
  /** Kept in the canonical URL, sorted ("page", "category"); all others are dropped. */
  keep: readonly string[];
  /** A list filtered by typed text is a search result: noindex, its links followed. */
  text: string;
}

/** `search` reduced to the `keep` parameters that have a value, sorted by name. */
export const keptQuery = (search: URLSearchParams, keep: readonly string[]) =>
  new URLSearchParams(
    [...search]
      .filter(([key, value]) => keep.includes(key) && value !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** A page without data of its own: its title and description keys, indexed at its route path. */
export const staticPage =
  (titleKey: string, descriptionKey: string, list?: ListQuery): Describe =>
  async ({ t, entry, search }) => ({
    status: 200,
    title: t(titleKey),
    description: t(descriptionKey),
    canonical: { path: entry.path, ...(list ? { query: keptQuery(search, list.keep) } : {}) },
    robots: list && search.get(list.text)?.trim() ? 'noindex-follow' : 'index',
  });

/** A route id ("7", not "07", "0" or "x") as a number, else null. */
export const idParam = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
