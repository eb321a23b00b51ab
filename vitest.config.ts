import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Tests that start whole server processes or scripts: they never touch TEST_DB, so they run once.
const processFiles = [
  'scripts/**/*.test.ts',
  'tests/security/shutdown.test.ts',
  'tests/security/startup.test.ts',
  'tests/deploy/**/*.test.ts',
];
const serverFiles = [
  'server/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/security/**/*.test.ts',
  'tests/db/**/*.test.ts',
  'tests/deploy/**/*.test.ts',
];

/**
 * Three projects: the API and database tests on PGlite (always), the same tests on the machine's
 * PostgreSQL when DATABASE_URL is set, and the web app's tests in jsdom.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: serverFiles,
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
                exclude: processFiles,
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
          include: ['src/**/*.test.{ts,tsx}', 'themes/**/*.test.ts', 'schemas/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
