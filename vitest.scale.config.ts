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
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
