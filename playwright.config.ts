import { defineConfig } from '@playwright/test';

/** End-to-end tests drive the real server (API + built web app, fresh PGlite) in Debian's Chromium. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8191);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for Debian's Chromium here: as root, no GPU, and no calls out of this closed network. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A trace of each failed test with its DOM snapshots, but no screenshot per action: encoding
    // them cost about a tenth of the suite's CPU on two cores. The failing moment's screenshot stays.
    // None under CI: its files are not kept (only the log is), and recording every test's trace to
    // keep the failed ones cost the browser and the runner CPU on every action.
    trace:
      process.env.CI === 'true'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'node --import tsx server/server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      LOG_LEVEL: 'warn',
      // Every test browser signs up from 127.0.0.1: the per-address code limit would stop the suite.
      OTP_CODES_PER_IP_PER_HOUR: '500',
      // The TURN server the relay-only call test starts (tests/e2e/turn-server.ts).
      TURN_URLS: `turn:127.0.0.1:${process.env.E2E_TURN_PORT ?? 3479}?transport=udp`,
      TURN_SECRET: 'e2e-turn-secret',
    },
  },
});
