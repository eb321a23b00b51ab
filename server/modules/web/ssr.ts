import type { FastifyInstance } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerRenderInput, ServerRenderResult } from '../../../src/app/entry-server';

/** What the server render bundle (dist/server/entry-server.js, `vite build --ssr`) exports. */
export interface ServerRenderer {
  renderPage(input: ServerRenderInput): Promise<ServerRenderResult | null>;
}

/**
 * The server render bundle, loaded on first use and again when a rebuild replaces it (one stat
 * per page); null when the build has none (then every page gets the loading shell, as before).
 */
export function serverRenderer(distDir: string): () => Promise<ServerRenderer | null> {
  const file = path.join(distDir, 'server', 'entry-server.js');
  let loaded: { mtimeMs: number; module: Promise<ServerRenderer> } | null = null;
  return async () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      // The query makes Node load the rebuilt file instead of its cached module.
      const module = import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<ServerRenderer>;
      loaded = { mtimeMs, module };
    }
    return loaded.module;
  };
}

/**
 * A fetch for the render's RTK Query requests that the same Fastify app answers in-process
 * (app.inject): no network, no port, and every plugin (tenant, feature gate, caches, RLS) applies
 * as for the browser's request. `remoteAddress` keeps the visitor's address for rate limits.
 */
export function injectFetch(app: FastifyInstance, remoteAddress: string, requestId?: string): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const reply = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      // The page's request id: the log lines of the data requests a render makes carry it too.
      headers: { ...Object.fromEntries(request.headers), ...(requestId && { 'x-request-id': requestId }) },
      remoteAddress,
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(key, String(one));
    }
    return new Response(reply.statusCode === 204 ? null : new Uint8Array(reply.rawPayload), {
      status: reply.statusCode,
      headers,
    });
  };
}
