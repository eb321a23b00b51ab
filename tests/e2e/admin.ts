import { spawnSync } from 'node:child_process';

/**
 * Runs `npm run admin -- <args>` against the e2e server's embedded database (the command reaches
 * the running server through its admin socket) and returns the exit code and output.
 */
export function admin(...args: string[]): { code: number; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}
