import { test as base, expect } from '@playwright/test';
import { startIsolatedStack, type Stack } from '@lipcast/tools/lib/stack.ts';

interface WorkerFixtures {
  stack: Stack;
  /** Environment over the stack's usual one, for every process: a spec that needs other settings sets it with `test.use`, and gets a stack of its own. */
  stackEnv: Record<string, string>;
}
interface TestFixtures {
  /** Console errors and uncaught page errors seen during the test. */
  consoleErrors: string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stackEnv: [{}, { scope: 'worker', option: true }],
  stack: [
    async ({ stackEnv }, use) => {
      // Named after its database, so runs with different E2E_DATABASE_URLs (developers beside CI) keep apart folders.
      const name = process.env.E2E_DATABASE_URL ? new URL(process.env.E2E_DATABASE_URL).pathname.slice(1).replace(/^lipcast_/, '') : 'e2e';
      const stack = await startIsolatedStack(name, {
        databaseUrl: process.env.E2E_DATABASE_URL,
        // A short lip-sync hold, so the tests go through the spec's 202-and-ask-again protocol.
        // Public reads uncached: the tests write posts straight into the database and read them at once.
        env: {
          RATE_LIMIT_PER_MINUTE: '100000',
          API_RATE_LIMIT_PER_MINUTE: '100000',
          SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
          LOG_LEVEL: 'info',
          LIPSYNC_HOLD_MS: '300',
          PUBLIC_READ_CACHE_SECONDS: '0',
          ...stackEnv,
        },
      });
      await use(stack);
      await stack.stop();
    },
    // Starting includes migrating and seeding (the samples are rendered): about 40 s when the tests run alone.
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
