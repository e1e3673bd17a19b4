/** The Playwright end-to-end tests in Debian's Chromium, on the given PostgreSQL and NATS (the stack is started by the Playwright config). */
import type { Dependencies } from './dependencies.ts';
import { withDatabase } from './infra.ts';
import { run } from './steps.ts';

export function runEndToEnd(dependencies: Dependencies, database: string, extraEnv: Record<string, string> = {}): Promise<number> {
  return run('playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
    E2E_DATABASE_URL: withDatabase(dependencies.databaseUrl, database),
    NATS_URL: dependencies.natsUrl,
    ...extraEnv,
  });
}
