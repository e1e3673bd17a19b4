import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the whole platform (built apps, gateway, services, PostgreSQL, a private
 * NATS and the embedded S3 server) in Debian's Chromium. One worker: the stack is started once per
 * worker by the `stack` fixture, and some tests stop and restart its processes.
 */
export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e.json' }]],
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
});
