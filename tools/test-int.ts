/**
 * `npm run test:int -- [jest args]`: integration tests (all, or a pattern) on infrastructure of their
 * own, on the PostgreSQL and NATS that `npm start` would use (embedded ones when none is configured or running).
 */
import { join } from 'node:path';
import { withOwnDependencies } from './lib/dependencies.ts';
import { runIntegration } from './lib/integration.ts';
import { ROOT } from './lib/stack.ts';

const database = process.env.INT_DATABASE ?? `lipcast_int_${process.pid}`;
// Embedded servers' data, if any: this run's alone.
// `INT_LANES=2`: two Jest workers, each on infrastructure of its own, as `npm test` runs them.
const lanes = Number(process.env.INT_LANES ?? 1);
const code = await withOwnDependencies(join(ROOT, `.data/${database}-servers`), (dependencies) => runIntegration(dependencies.databaseUrl, database, process.argv.slice(2), dependencies.natsUrl, { lanes })).catch((error: Error) => {
  console.error(`[lipcast] cannot run the integration tests: ${error.message}`);
  return 1;
});
process.exit(code);
