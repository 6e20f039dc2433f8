import { defineConfig } from '@playwright/test';
import { e2eWorkers, scaled } from './scripts/test-sizing.mjs';

// Browser e2e (e2e/*.spec.ts) in Debian's Chromium; Playwright's own browser download is not
// available here. `npm run test:e2e` (scripts/e2e.mjs) builds the app, starts a throwaway server and
// sets E2E_BASE_URL; `npx playwright test` alone runs against a server already on :8080.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e', // traces and failure screenshots (git-ignored)
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_NAME to count the results; the json reporter writes it.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  // Chosen on the benchmark machine and multiplied by this machine's factor (scripts/test-sizing.mjs),
  // which scripts/e2e.mjs measures once and passes on in TEST_MACHINE_FACTOR.
  timeout: scaled(30_000),
  expect: { timeout: scaled(10_000) },
  forbidOnly: Boolean(process.env.CI),
  workers: e2eWorkers(),
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});
