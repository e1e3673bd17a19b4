/** `npm run test:int -- [jest args]`: integration tests (all, or a pattern) on infrastructure of their own. */
import { DEFAULT_DATABASE_URL } from './lib/infra.ts';
import { runIntegration } from './lib/integration.ts';

const database = process.env.INT_DATABASE ?? `lipcast_int_${process.pid}`;
process.exit(await runIntegration(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, database, process.argv.slice(2)));
