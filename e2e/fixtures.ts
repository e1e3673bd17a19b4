import { test as base, expect } from '@playwright/test';
import { withDatabase } from '@lipcast/tools/lib/infra.ts';
import { SEED_TEMPLATE_ENV } from '@lipcast/tools/lib/seed-template.ts';
import { startIsolatedStack, type Stack } from '@lipcast/tools/lib/stack.ts';

/** The wait before a webhook's first retry on the test stacks (seconds here; hours in production). */
export const WEBHOOK_FIRST_RETRY_SECONDS = 2;

interface WorkerFixtures {
  stack: Stack;
  /** Environment over the stack's usual one, for every process: a spec that needs other settings sets it with `test.use`, and gets a stack of its own. */
  stackEnv: Record<string, string>;
}
interface TestFixtures {
  /** Console errors and uncaught page errors seen during the test. */
  consoleErrors: string[];
}

/** How long the stacks' Creator and One Shot clips are (CREATOR_CLIP_SECONDS, ONE_SHOT_CLIP_SECONDS), for the tests that show it. */
export const E2E_CLIP_SECONDS = 3;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stackEnv: [{}, { scope: 'worker', option: true }],
  stack: [
    async ({ stackEnv }, use, workerInfo) => {
      // One stack per parallel worker slot: its database and `.data/<name>` folder are keyed by the slot,
      // and named after the run's database so developers' runs beside CI keep apart folders.
      const runName = process.env.E2E_DATABASE_URL ? new URL(process.env.E2E_DATABASE_URL).pathname.slice(1).replace(/^lipcast_/, '') : 'e2e';
      const name = `${runName}_w${workerInfo.parallelIndex}`;
      const stack = await startIsolatedStack(name, {
        databaseUrl: process.env.E2E_DATABASE_URL ? withDatabase(process.env.E2E_DATABASE_URL, `lipcast_${name}`) : undefined,
        // The built-in media drawn once for the run (npm test makes it): the stack's seed step draws nothing.
        seedTemplate: process.env[SEED_TEMPLATE_ENV],
        // A short lip-sync hold, so the tests go through the spec's 202-and-ask-again protocol.
        // Public reads uncached: the tests write posts straight into the database and read them at once.
        // Webhooks may reach this machine, with retries in seconds: the webhooks spec's receiver listens on loopback.
        // Creator and One Shot clips of E2E_CLIP_SECONDS instead of 20 and 15: each renders a fraction of the frames.
        env: {
          RATE_LIMIT_PER_MINUTE: '100000',
          API_RATE_LIMIT_PER_MINUTE: '100000',
          SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
          LOG_LEVEL: 'info',
          LIPSYNC_HOLD_MS: '300',
          CREATOR_CLIP_SECONDS: String(E2E_CLIP_SECONDS),
          ONE_SHOT_CLIP_SECONDS: String(E2E_CLIP_SECONDS),
          PUBLIC_READ_CACHE_SECONDS: '0',
          WEBHOOK_ALLOW_LOOPBACK: 'true',
          WEBHOOK_RETRY_SCHEDULE: `${WEBHOOK_FIRST_RETRY_SECONDS}s,4s,8s`,
          ...stackEnv,
        },
      });
      await use(stack);
      await stack.stop();
    },
    // Starting includes migrating and seeding (drawing nothing when the run's seed template is copied in).
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A signed-out visitor's account probe answers 401 by design (spec section 7); Chromium logs
      // every 4xx as a console error, so that one is expected. Anything else counts.
      const signedOutProbe = message.location().url.endsWith('/api/auth/user') && message.text().includes('status of 401');
      if (!signedOutProbe) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
