import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Tests that start whole server processes or scripts, or read the source tree and build output
// (lint rules, the module map, budgets): they never touch TEST_DB, so they run once.
const runOnceFiles = [
  'scripts/**/*.test.ts',
  'tests/security/shutdown.test.ts',
  'tests/security/startup.test.ts',
  'tests/deploy/**/*.test.ts',
  'tests/structure/**/*.test.ts',
  'tests/load/**/*.test.ts',
];
const serverFiles = [
  'server/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/security/**/*.test.ts',
  'tests/db/**/*.test.ts',
  'tests/structure/**/*.test.ts',
  'tests/deploy/**/*.test.ts',
  'tests/load/**/*.test.ts',
];

const webFiles = ['src/**/*.test.{ts,tsx}', 'themes/**/*.test.ts', 'schemas/**/*.test.ts'];

/**
 * Web test files that replace a module with vi.mock: a replacement only takes when the file gets
 * its own module registry, so these keep vitest's per-file isolation. Found by reading the files,
 * so a new test that mocks a module needs no entry here.
 */
const webFilesWithModuleMocks = ['src', 'themes', 'schemas'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => `${dir}/${name.split('\\').join('/')}`)
    .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8'))),
);

/**
 * Three projects: the API and database tests on PGlite (always), the same tests on the machine's
 * PostgreSQL when DATABASE_URL is set, and the web app's tests in jsdom (two projects: those that
 * mock modules apart).
 *
 * `isolate: false`: a worker keeps its loaded modules (and its jsdom) from one test file to the next
 * instead of starting a fresh process per file. Importing the server (Fastify, the AWS SDK,
 * OpenTelemetry, PGlite) or setting up jsdom cost seconds per file, more than most files' tests;
 * every file still opens its own database and app (tests/helpers/test-app.ts), and no server test
 * mocks a module.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: serverFiles,
          isolate: false,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverFiles,
                isolate: false,
                exclude: runOnceFiles,
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                globalSetup: ['tests/global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        plugins: [vanillaExtractPlugin()],
        test: {
          name: 'web',
          include: webFiles,
          exclude: webFilesWithModuleMocks,
          isolate: false,
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        plugins: [vanillaExtractPlugin()],
        test: {
          name: 'web-mocks',
          include: webFilesWithModuleMocks,
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
