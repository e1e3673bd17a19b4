import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the whole platform (built apps, gateway, services, PostgreSQL, a private
 * NATS and the embedded S3 server) in Debian's Chromium. Three workers (`E2E_WORKERS`), each with a
 * stack of its own started once by the `stack` fixture (some tests stop and restart its processes);
 * a spec file's tests run in order on one worker. A test that passes only on its retry is reported
 * as flaky, which fails `npm test` (tools/lib/test-report.ts). Three on two cores: a browser test
 * spends much of its time waiting (the wizard asks again every 2 s, held answers, toasts), and two
 * workers kept only one core busy on average.
 */
export default defineConfig({
  testDir: './tests',
  workers: Number(process.env.E2E_WORKERS ?? 3),
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
