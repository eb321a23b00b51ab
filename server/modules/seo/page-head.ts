import { matchRoutes } from 'react-router';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import type { Tenant } from '../../tenancy/registry';
import { renderHead } from './head-html';
import { breadcrumbLd, type JsonLd } from './json-ld';
import { translator, type Translate } from './messages';
import { notFoundPage, privatePage, type PageContext, type PageDescription } from './page-description';
import { pageLanguage, pageUrl } from './page-urls';
import { PUBLIC_PAGES } from './pages';
import { tenantRoutes } from './tenant-routes';

export interface PageHeadInput {
  db: Database;
  tenant: Tenant;
  /** The language the page is rendered in (a language the tenant does not offer: its default). */
  lang: LanguageCode;
  /** Scheme and host the request came to, e.g. https://benhviensonghong.example (canonical host). */
  origin: string;
  /** The URL path ("/doctor-details/7"). */
  path: string;
  /** The raw query string without '?'. */
  search: string;
}

export interface PageHead {
  /** 404: no such page for this tenant (unknown path, feature off, missing or unapproved entity). */
  status: 200 | 404;
  /** HTML for <head>: title, description, theme-color, robots, canonical, alternates, og/twitter, JSON-LD. */
  head: string;
}

/** "/doctor-list?specialityId=3" -> path and query. */
function splitHref(href: string): { path: string; query: URLSearchParams } {
  const [path = '/', query = ''] = href.split('?');
  return { path, query: new URLSearchParams(query) };
}

/** The breadcrumb the page shows, as JSON-LD: each step's link in this language, the last the page. */
function breadcrumb(context: PageContext, page: PageDescription, t: Translate): JsonLd | null {
  const crumbs = context.entry.crumbsFor?.(context.search) ?? context.entry.crumbs;
  if (!crumbs?.length || !page.canonical) return null;
  const { origin, tenant, lang } = context;
  const here = pageUrl(origin, tenant, page.canonical.path, lang, page.canonical.query);
  return breadcrumbLd(
    crumbs.map((crumb, index) => {
      const last = index === crumbs.length - 1;
      const target = crumb.to && !last ? splitHref(crumb.to) : null;
      return {
        name: t(crumb.labelKey),
        url: target ? pageUrl(origin, tenant, target.path, lang, target.query) : here,
      };
    }),
  );
}

/**
 * The `<head>` of a page of the web app for search engines and link previews, and whether the
 * page exists (status). Data is read inside the tenant's transaction (RLS), in the page's language.
 */
export async function pageHead(input: PageHeadInput): Promise<PageHead> {
  const { db, tenant, path } = input;
  const lang = pageLanguage(tenant, input.lang);
  const origin = input.origin.replace(/\/+$/, '');
  const t = translator(tenant, lang);
  const search = new URLSearchParams(input.search);
  const match = matchRoutes(tenantRoutes(tenant), path)?.at(-1);
  let page: PageDescription;
  let context: PageContext | null = null;
  if (!match) {
    page = notFoundPage(t);
  } else {
    const { entry } = match.route;
    const describe = entry.protected ? undefined : PUBLIC_PAGES[entry.path];
    context = { db, tenant, lang, t, origin, entry, params: match.params, search };
    page = describe ? await describe(context) : privatePage();
  }
  const jsonLd = [...(page.jsonLd ?? [])];
  const trail = context && page.status === 200 ? breadcrumb(context, page, t) : null;
  if (trail) jsonLd.push(trail);
  return { status: page.status, head: renderHead(page, { tenant, lang, origin, jsonLd }) };
}
