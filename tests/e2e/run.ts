import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

/**
 * `npm run test:e2e`: Playwright against the real server in Debian's Chromium. Without Chromium
 * the run fails under CI=true and is skipped, loudly, on a developer machine.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `No Chromium at ${chromium}: install it with \`apt-get install -y chromium\`.`;
  if (process.env.CI === 'true') {
    console.error(`E2E FAILED: ${message}`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(78)}\n!! END-TO-END TESTS SKIPPED. ${message}\n${'!'.repeat(78)}\n`);
  process.exit(0);
}

const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<void>((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code) => {
      if (code !== 0) process.exit(code ?? 1);
      resolve();
    });
  });

// A fresh embedded database per run, migrated and seeded as on a first `npm start` (the server's
// prepareDatabase), while the web app builds: the two overlap instead of running one after the other.
rmSync(dataDir, { recursive: true, force: true });
await Promise.all([
  run('npm', ['run', 'build']),
  run(process.execPath, ['--import', 'tsx', 'tests/e2e/prepare-db.ts'], {
    ...process.env,
    DATA_DIR: dataDir,
  }),
]);
await run('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)]);
