import { matchRoutes } from 'react-router';
import type { BootBundle } from '../../../schemas/boot';
import { availableRoutes } from '../../../src/app/route-entry';
import { NOT_FOUND_PAGE, ROUTES } from '../../../src/app/route-table';
import type { Tenant } from '../../tenancy/registry';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The `<link>`s of a page: hints for the head, stylesheets for the end of the head. */
export interface PageLinks {
  preloads: string;
  stylesheets: string;
}

/**
 * `<link>`s for the code a page needs beyond the entry that index.html already loads: the chunk
 * of the page the request opens (as the web app's route table matches it, for this tenant's
 * features), the chunks it imports, its CSS, and the messages of the tenant's default language.
 * Why: without them the browser learns of these files only after the entry script has run, one
 * round trip later on a phone. Scripts are asked at low priority: the entry and its libraries
 * run first anyway, so these must not take bandwidth from them. The CSS of a page that comes
 * rendered from the server (`rendered`) is a stylesheet after the entry's (the order the app
 * would add it in): its HTML shows styled, instead of moving when the script adds the CSS; a
 * loading shell needs it only once the app runs, so there it is a low-priority preload.
 */
export function pageLinks(
  manifest: Manifest,
  pathname: string,
  tenant: Tenant,
  environment: BootBundle['environment'],
  rendered = false,
): PageLinks {
  const routes = availableRoutes(ROUTES, { features: tenant.config.features, environment });
  const match = matchRoutes(
    routes.map((entry) => ({ path: entry.path, page: entry.page })),
    pathname,
  )?.at(-1);
  const page = match?.route.page ?? NOT_FOUND_PAGE;

  const loaded = entryClosure(manifest);
  const needed = new Set<string>();
  visit(manifest, `${page}.tsx`, needed);
  visit(manifest, `src/lib/i18n/${tenant.config.languages.default}.json`, needed);
  const preloads: string[] = [];
  const stylesheets: string[] = [];
  for (const key of needed) {
    if (loaded.has(key)) continue;
    const chunk = manifest[key]!;
    preloads.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${chunk.file}">`);
    for (const css of chunk.css ?? []) {
      if (rendered) stylesheets.push(`<link rel="stylesheet" href="/${css}">`);
      else preloads.push(`<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${css}">`);
    }
  }
  return { preloads: preloads.join(''), stylesheets: stylesheets.join('') };
}

/** `key` and every chunk it imports, added to `into`. */
function visit(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) visit(manifest, dep, into);
}

const entryClosures = new WeakMap<Manifest, Set<string>>();

/** What index.html loads already: the entry and everything it imports (worked out once per build). */
function entryClosure(manifest: Manifest): Set<string> {
  let loaded = entryClosures.get(manifest);
  if (!loaded) {
    loaded = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(manifest, key, loaded);
    entryClosures.set(manifest, loaded);
  }
  return loaded;
}
