/**
 * For tools/system/fresh-machine.int-spec.ts: what `npm start` does after its build, in a process of its
 * own (Jest cannot load the ES modules involved): the launcher's dependency step, the database,
 * the whole platform on free ports. Prints one JSON line once ready; SIGTERM stops the processes,
 * then the embedded servers, and exits 0.
 * Usage: node tools/jest/launch-fresh.ts <data folder>
 */
import { join } from 'node:path';
import { startDependencies } from '../lib/dependencies.ts';
import { ensureDatabase, freePort } from '../lib/infra.ts';
import { copySeedTemplate, LEFT_FOR_THE_SEEDER, SEED_TEMPLATE_ENV } from '../lib/seed-template.ts';
import { DEFAULT_BUCKET, SERVICES, startStack, type ProcessName, type Stack } from '../lib/stack.ts';

const dataDir = process.argv[2];
let stack: Stack | undefined = undefined;
const dependencies = await startDependencies({ dataDir });
process.once('SIGTERM', async () => {
  await stack?.stop();
  await dependencies.stop();
  process.exit(0);
});
try {
  await ensureDatabase(dependencies.databaseUrl);
  const opsPorts: Partial<Record<ProcessName, number>> = {};
  for (const name of ['gateway', ...SERVICES] as const) opsPorts[name] = await freePort();
  // The run's built-in media, but for one actor and one sample that the stack's seed step must draw.
  copySeedTemplate(process.env[SEED_TEMPLATE_ENV], join(dataDir, 'stack', 's3'), process.env.S3_BUCKET ?? DEFAULT_BUCKET, LEFT_FOR_THE_SEEDER);
  stack = await startStack({
    port: await freePort(),
    opsPorts,
    databaseUrl: dependencies.databaseUrl,
    natsUrl: dependencies.natsUrl,
    dataDir: join(dataDir, 'stack'),
    logToFiles: true,
  });
} catch (error) {
  await dependencies.stop();
  console.error(error);
  process.exit(1);
}
const { postgres, nats } = dependencies.embedded;
console.log(JSON.stringify({ url: stack.url, databaseUrl: dependencies.databaseUrl, natsUrl: dependencies.natsUrl, postgresPid: postgres?.pid, natsPid: nats?.pid }));
