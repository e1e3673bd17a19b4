import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the whole platform (built apps, gateway, services, PostgreSQL, a private
 * NATS and the embedded S3 server) in Debian's Chromium. Two workers (`E2E_WORKERS`), each with a
 * stack of its own started once by the `stack` fixture (some tests stop and restart its processes);
 * a spec file's tests run in order on one worker. A test that passes only on its retry is reported
 * as flaky, which fails `npm test` (tools/lib/test-report.ts). Two on two cores: a third worker was
 * no faster (378 s with two, 424 s with three, stop 40), and on a slower day its stack and browser
 * pushed the load to 15-20 and the longest signed-in walks past their time-out. The time-out is a
 * hang guard for walks that open several pages and wait for real renders, not a speed target.
 */
export default defineConfig({
  testDir: './tests',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e.json' }]],
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // A fake microphone (a tone), allowed without a prompt: the own-voice recorder records it.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    },
  },
});
