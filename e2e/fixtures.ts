import { test as base, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { DEFAULT_DATABASE_URL, ensureDatabase, freePort, startPrivateNats, withDatabase } from '@lipcast/tools/lib/infra.ts';
import { ROOT, startStack, type Stack } from '@lipcast/tools/lib/stack.ts';

interface WorkerFixtures {
  stack: Stack;
}
interface TestFixtures {
  /** Console errors and uncaught page errors seen during the test. */
  consoleErrors: string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    async ({}, use) => {
      const databaseUrl = process.env.E2E_DATABASE_URL ?? withDatabase(DEFAULT_DATABASE_URL, 'lipcast_e2e');
      await ensureDatabase(databaseUrl, { fresh: true });
      const dataDir = join(ROOT, '.data/e2e');
      const nats = await startPrivateNats(join(dataDir, 'nats'));
      const stack = await startStack({
        port: await freePort(),
        databaseUrl,
        natsUrl: nats?.url ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
        dataDir,
        logToFiles: true,
        env: { RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'info' },
      });
      await use(stack);
      await stack.stop();
      await nats?.stop();
    },
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

/** Waits until the stack answers ready again (after a process was restarted). */
export async function waitUntilReady(page: Page, timeoutMs = 30_000): Promise<void> {
  await expect
    .poll(async () => (await page.request.get('/api/ready')).status(), { timeout: timeoutMs })
    .toBe(200);
}
