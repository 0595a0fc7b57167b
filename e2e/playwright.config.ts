import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { APP_URL } from './support/settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const isCI = Boolean(process.env.CI);

/** The project's pinned Node 24 runs the stack (TypeScript by type stripping). */
const projectNode = path.join(root, 'node_modules/.bin/node');
const node = existsSync(projectNode) ? projectNode : process.execPath;

/** Where the JSON report goes; scripts/test.ts points this at a temp file and reads it. */
const jsonReport =
  process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? path.join(here, 'playwright-report/results.json');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // The machine has two cores; the app, Chromium and the test workers share them.
  workers: 2,
  timeout: 45_000,
  // A hung run must not eat the CI budget (the whole of `npm test` stays far below an hour).
  globalTimeout: isCI ? 20 * 60_000 : 0,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: jsonReport }]],
  use: {
    baseURL: APP_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    timezoneId: 'UTC',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      // After every journey: the server log of the run is scanned (e2e/teardown/).
      teardown: 'server-log',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium; browsers are never downloaded (`playwright install` is not used).
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    },
    {
      name: 'server-log',
      testDir: './teardown',
      testMatch: /\.teardown\.ts$/,
    },
  ],
  webServer: {
    command: `"${node}" e2e/support/stack.ts`,
    cwd: root,
    url: `${APP_URL}/api/health`,
    // The first start builds the web app and initialises a fresh PGlite database.
    timeout: 240_000,
    reuseExistingServer: !isCI,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
