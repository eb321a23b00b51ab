import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale`: proofs that need the machine's PostgreSQL (and Redis) and start several
 * server processes or a streaming replica. One file at a time: each starts its own processes and
 * the machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'scale',
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    // Throw-away databases of tests/helpers/test-db.ts on the machine's PostgreSQL.
    env: {
      TEST_DB: 'postgres',
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    // The built web app, for the proofs that drive Chromium against the servers.
    globalSetup: ['tests/scale/web-build-setup.ts', 'tests/scale/seeded-template-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
