/**
 * `npm run test:int -- [jest args]`: integration tests (all, or a pattern) on infrastructure of their
 * own, on the PostgreSQL and NATS that `npm start` would use (embedded ones when none is configured or running).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startDependencies } from './lib/dependencies.ts';
import { runIntegration } from './lib/integration.ts';
import { ROOT } from './lib/stack.ts';

const database = process.env.INT_DATABASE ?? `lipcast_int_${process.pid}`;
const serversDir = join(ROOT, `.data/${database}-servers`); // embedded servers' data, if any: this run's alone
const dependencies = await startDependencies({ dataDir: serversDir }).catch((error: Error) => {
  console.error(`[lipcast] cannot run the integration tests: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await dependencies.stop();
    rmSync(serversDir, { recursive: true, force: true });
    process.exit(1);
  });
}
const code = await runIntegration(dependencies.databaseUrl, database, process.argv.slice(2), dependencies.natsUrl).finally(async () => {
  await dependencies.stop();
  rmSync(serversDir, { recursive: true, force: true });
});
process.exit(code);
