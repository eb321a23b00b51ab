import { matchRoutes } from 'react-router';
import type { BootBundle } from '../../../schemas/boot';
import { availableRoutes } from '../../../schemas/routes';
import { NOT_FOUND_PAGE, ROUTES } from '../../../schemas/routes';
import type { Tenant } from '../../tenancy/registry';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** What a page loads beyond the entry that index.html already loads. */
export interface PageCode {
  /** Its chunk, the chunks it imports and the default language's messages (JS files). */
  scripts: string[];
  /** The CSS of those chunks. */
  styles: string[];
}

/**
 * The code a page needs beyond the entry: the chunk of the page the request opens (as the web
 * app's route table matches it, for this tenant's features), the chunks it imports, their CSS,
 * and the messages of the tenant's default language, as paths (index-html.ts writes the tags).
 * Why: without them the browser learns of these files only after the entry script has run, one
 * round trip later on a phone.
 */
export function pageCode(
  manifest: Manifest,
  pathname: string,
  tenant: Tenant,
  environment: BootBundle['environment'],
): PageCode {
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
  const code: PageCode = { scripts: [], styles: [] };
  for (const key of needed) {
    if (loaded.has(key)) continue;
    const chunk = manifest[key]!;
    code.scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) code.styles.push(`/${css}`);
  }
  return code;
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
