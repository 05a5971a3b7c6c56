import { defineConfig, devices } from '@playwright/test';
import { freePortRange } from './tests/support/port-range.ts';

// A port of this run's own (workers inherit it), so parallel runs on one machine don't collide.
// 20,000–31,999: the clusters and hosts of the specs take up to 403 ports above it, all below
// Linux's ephemeral ports (32,768 on), which outgoing connections hold (nginx once failed to bind
// 35,988 that a client connection of the same run was using).
// Nothing on the machine may listen in the range (freePortRange).
process.env['E2E_PORT'] ??= String(
  freePortRange(20_000 + (process.pid % 12_000), 404, 20_000, 31_999),
);
const port = Number(process.env['E2E_PORT']);
const isCI = Boolean(process.env['CI']);

/** Browser tests: Debian Chromium against the production build, on a fresh DATA_DIR each run. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: isCI ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node tests/support/e2e-server.ts`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), E2E_PORT: String(port) },
    // SIGTERM, not Playwright's default SIGKILL: the server stops its embedded PostgreSQL and
    // tests/support/e2e-server.ts removes the run's DATA_DIR and copy of dist/ (a killed run
    // left a 65 MB folder in the temporary directory each time).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
