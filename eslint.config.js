import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/module-boundaries.js';

/** Reading or formatting a Date by hand (the runtime's zone, or a format of its own). */
const RAW_DATE_FORMATTING = [
  {
    selector:
      'CallExpression[callee.property.name=/^(toLocaleDateString|toLocaleTimeString|toDateString|toTimeString|getHours|getMinutes|getDate|getDay|getMonth|getFullYear|getUTCHours|getUTCMinutes|getUTCDate|getUTCDay|getUTCMonth|getUTCFullYear)$/]',
    message: 'Read and format times with schemas/time.ts (the hospital clock), not Date methods.',
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Format times with schemas/time.ts (the hospital clock), not Intl.DateTimeFormat.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never talks to the database or the server's internals.
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'pg', '@electric-sql/*', 'fastify'] }],
      // Times go through the time module (schemas/time.ts) in the hospital's zone, never the
      // browser's: no hand-made date or clock readings in the web app.
      'no-restricted-syntax': ['error', ...RAW_DATE_FORMATTING],
    },
  },
  {
    // The server shares what it needs with the web app through schemas/ (routes, paths, list
    // parameters, times); it loads the web app only as the server-rendering entry.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!app/entry-server$)',
              message: 'Share it through schemas/ instead of importing the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    // A server module, a server service and a web feature are used from outside only through their
    // index.ts; tests may also use another module's test support (scripts/eslint/module-boundaries.js).
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: {
      'boundaries/module-boundaries': [
        'error',
        {
          allow: [
            // The registrars mount each module's Fastify plugin from its routes.ts: an index.ts that
            // re-exported its routes would import the modules that import it (a cycle).
            { to: 'server/modules/[^/]+/routes', from: ['server/modules/index.ts', 'server/app.ts'] },
            // The process entry loads tracing only when it is configured, before the server.
            { to: 'server/services/tracing/start', from: ['server/server.ts'] },
            // Booking loads the patient form lazily: a second entry keeps it out of the family index.
            { to: 'src/features/family/form-dialog' },
          ],
        },
      ],
    },
  },
  {
    // No import cycles among production files: a cycle makes load order decide whether a module's
    // exports exist yet. Type-only imports are erased and do not count.
    files: ['{server,src,schemas,themes,scripts}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*{test-support,fixture,fixtures,test-server}*'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web push service worker runs in the worker's scope (self, clients, registration).
    files: ['public/firebase-messaging-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': 'off',
    },
  },
);
