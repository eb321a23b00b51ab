import { spawnSync } from 'node:child_process';
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

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// A fresh embedded database per run: the server migrates and seeds it like a first `npm start`.
rmSync('data/e2e', { recursive: true, force: true });
run('npm', ['run', 'build']);
run('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)]);
