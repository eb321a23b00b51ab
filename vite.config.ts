import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The API server (server/server.ts) also serves the per-tenant /theme.css and /favicon.svg.
const api = 'http://127.0.0.1:8080';

const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The libraries every page starts with (React, Redux Toolkit, the router, i18next), in one chunk
 * that stays cached across app releases.
 */
const STARTUP_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|react-router|react-router-dom|@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/;

/**
 * App code shared by several pages (components, helpers, API slices): one chunk instead of
 * dozens of 1 KB files. Left out, with what they import, are helpers only a few pages need:
 * the form renderer's validator (join pages) and the account rules with their schemas (the
 * sign-in dialog and account pages load them with their own code), and the Server-Sent Events
 * reader with its parser (signed-in users' notification bell and the call screen only).
 */
const SHARED_APP_CODE = (id: string) =>
  /[\\/]src[\\/](components|lib|config|tenant|api|app)[\\/]/.test(id) &&
  !/[\\/]src[\\/]lib[\\/](forms|account-rules|event-stream)/.test(id);

/**
 * `vite build --ssr src/app/entry-server.tsx`: the server render of the public pages, for Node, in
 * dist/server/ (server/modules/web/ssr.ts loads it). Libraries stay in node_modules; the app's
 * styles give the same vanilla-extract class names as in the browser build (same plugin, same
 * files), and no CSS is written: the browser build's CSS is what the page links.
 */
const SSR_BUILD = {
  outDir: 'dist/server',
  manifest: false,
  emptyOutDir: true,
  target: 'node20',
  // One file: the server reloads it after a rebuild (a new module URL), and chunks would
  // import the entry under its plain URL, a second copy of the app's modules.
  rolldownOptions: { output: { entryFileNames: '[name].js', codeSplitting: false } },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), vanillaExtractPlugin()],
  // The message catalogues as `JSON.parse('…')`: about 2 KB gz less than an object literal with a
  // variable per message (Vite's named exports), on every page's first render, and faster to parse.
  json: { stringify: true, namedExports: false },
  resolve: {
    // react-router's package exports point bundlers at its development build (dev warnings and
    // checks left in); production builds take its production files instead.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
            // The form renderer's Markdown, loaded when a form shows some (deferred-markdown.tsx).
            {
              find: /^markdown-to-jsx\/react$/,
              replacement: fileURLToPath(new URL('./src/lib/forms/deferred-markdown.tsx', import.meta.url)),
            },
          ]
        : [],
  },
  // The server render bundles the router (its production build, as aliased above) rather than
  // importing it from node_modules: Node would load react-router's development build for
  // react-router-dom, a second router whose context the page's links would not find.
  ssr: { noExternal: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] },
  server: {
    // Keep the browser's Host (songhong.localhost:5173) so the server resolves the tenant from it.
    proxy: Object.fromEntries(
      ['/api', '/theme.css', '/favicon.svg', '/healthz'].map((path) => [path, { target: api }]),
    ),
  },
  build: isSsrBuild
    ? SSR_BUILD
    : {
        outDir: 'dist',
        // dist/.vite/manifest.json: the server reads it to preload the opened page's chunks.
        manifest: true,
        emptyOutDir: true,
        // Evergreen browsers only: native ES modules, top-level await, optional chaining.
        target: 'es2022',
        // Every browser that runs es2022 supports <link rel="modulepreload">: no polyfill needed.
        modulePreload: { polyfill: false },
        assetsDir: 'assets',
        rolldownOptions: {
          output: {
            // Libraries in a few stable, named chunks: they stay cached across app releases. App
            // modules shared by several pages go to one `shared` chunk instead of dozens of 1 KB
            // files: on a phone each request costs a round trip, and HTTP/1.1 allows 6 at a time.
            codeSplitting: {
              groups: [
                { name: 'vendor', test: STARTUP_LIBRARIES, priority: 30 },
                { name: 'shared', test: SHARED_APP_CODE, minShareCount: 2, priority: 10 },
              ],
            },
          },
        },
      },
}));
