import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { matchRoutes, StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import type { BootBundle } from '../../schemas/boot';
import type { LanguageCode } from '../../schemas/tenant.schema';
import { baseApi } from '../lib/api';
import type { ServerRequestContext } from '../lib/base-query';
import { serverI18n } from '../lib/i18n/server-i18n';
import { setCompanyCode, setRequestLanguage } from '../lib/request-context';
import type { AppRouter } from './app';
import { BootGate } from './boot-gate';
import './global.css';
import { loadPage } from './page-loader';
import { availableRoutes, type RouteEntry } from '../../schemas/routes';
import { ROUTES } from '../../schemas/routes';
import type { ServerState } from './server-state';
import { createStore, type AppStore } from './store';

/**
 * The server render of the public pages (built by `vite build --ssr` into dist/server/, loaded
 * by server/modules/web/ssr.ts). A page is rendered only once its code and all its data are
 * there: its `prefetch` runs first, then React renders until no new request starts (the hooks
 * start their queries while rendering in this build, src/lib/api.ts), and the HTML is taken
 * after `onAllReady`, so it holds no Suspense fallback and hence none of React's inline reveal
 * scripts (the CSP allows no inline script).
 */

export interface ServerRenderInput {
  /** Path and query of the request. */
  url: string;
  bundle: BootBundle;
  language: LanguageCode;
  /** The page's requests, answered by the same server (app.inject), and their headers. */
  request: ServerRequestContext;
}

export interface ServerRenderResult {
  /** What goes into #root. */
  html: string;
  /** The page's language and RTK Query state (queries and tags) it rendered with, as JSON. */
  state: string;
}

/** Renders after the first one, each after the requests the previous one started. */
const MAX_PASSES = 4;

/** The route entry a path opens for this tenant, when it is a server-rendered page. */
export function serverRenderedEntry(
  pathname: string,
  bundle: Pick<BootBundle, 'features' | 'environment'>,
): { entry: RouteEntry; params: Record<string, string | undefined> } | null {
  const match = matchRoutes(
    availableRoutes(ROUTES, bundle).map((entry) => ({ path: entry.path, entry })),
    pathname,
  )?.at(-1);
  return match?.route.entry.serverRendered ? { entry: match.route.entry, params: match.params } : null;
}

/** The page's HTML and data, or null for a page the browser renders (protected, unknown). */
export async function renderPage(input: ServerRenderInput): Promise<ServerRenderResult | null> {
  const url = new URL(input.url, 'http://ssr.invalid');
  const found = serverRenderedEntry(url.pathname, input.bundle);
  if (!found) return null;
  const [i18n, page] = await Promise.all([
    serverI18n(input.bundle, input.language),
    loadPage(found.entry.page),
  ]);
  // Read by code outside React (the base query on the client); kept for parity.
  setCompanyCode(input.bundle.companyCode);
  setRequestLanguage(input.language);
  const store = createStore(input.request);
  page.prefetch?.(store.dispatch, { params: found.params, search: url.searchParams, bundle: input.bundle });

  const router: AppRouter = ({ children }) => (
    <StaticRouter location={`${url.pathname}${url.search}`}>{children}</StaticRouter>
  );
  const element = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <BootGate
          first={{ kind: 'ready', bundle: input.bundle, language: input.language }}
          retry={() => Promise.reject(new Error('no retry on the server'))}
          store={store}
          router={router}
        />
      </I18nextProvider>
    </StrictMode>
  );
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    if (!(await settle(store)) && pass > 0) break;
    html = await renderToString(element);
  }
  await settle(store);
  const api = store.getState()[baseApi.reducerPath];
  const state: ServerState = {
    language: input.language,
    offered: input.bundle.languages.offered,
    api: { queries: api.queries, mutations: {}, provided: api.provided },
  };
  return { html, state: JSON.stringify(state) };
}

/** Waits for the requests in flight; false when there were none. */
async function settle(store: AppStore): Promise<boolean> {
  const running = store.dispatch(baseApi.util.getRunningQueriesThunk());
  if (running.length === 0) return false;
  await Promise.allSettled(running);
  return true;
}

/** React's streaming renderer, read out in full once every boundary is ready. */
function renderToString(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(element, {
      // Never outline a large finished boundary to show it later by script: the page goes out
      // whole, and the CSP would refuse React's inline reveal script anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
}
