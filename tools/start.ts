/**
 * `npm start`: builds, checks PostgreSQL and NATS, starts the embedded stand-ins where no real
 * endpoint is configured, applies migrations, starts every process and prints the URL.
 */
import { join } from 'node:path';
import { canConnectPostgres, canConnectTcp, DEFAULT_DATABASE_URL, DEFAULT_NATS_URL, ensureDatabase, START_HINTS } from './lib/infra.ts';
import { ROOT, startStack } from './lib/stack.ts';
import { build, step } from './lib/steps.ts';

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const natsUrl = process.env.NATS_URL ?? DEFAULT_NATS_URL;
const port = Number(process.env.PORT ?? 3000);

const problems: string[] = [];
if (!(await canConnectPostgres(databaseUrl))) {
  problems.push(`PostgreSQL is not reachable at ${new URL(databaseUrl).host}. Start it:\n    ${START_HINTS.postgres}\n  or set DATABASE_URL.`);
}
if (!(await canConnectTcp(natsUrl))) {
  problems.push(`NATS is not reachable at ${natsUrl}. Start it with JetStream:\n    ${START_HINTS.nats}\n  or set NATS_URL.`);
}
if (problems.length) {
  console.error(`[lipcast] cannot start:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

if (!(await step('build', build))) process.exit(1);
await ensureDatabase(databaseUrl);

const s3 = process.env.S3_ENDPOINT
  ? { endpoint: process.env.S3_ENDPOINT, accessKey: process.env.S3_ACCESS_KEY ?? '', secretKey: process.env.S3_SECRET_KEY ?? '' }
  : undefined;
const oidc = process.env.OIDC_ISSUER_URL
  ? { issuerUrl: process.env.OIDC_ISSUER_URL, clientId: process.env.OIDC_CLIENT_ID ?? 'lipcast', clientSecret: process.env.OIDC_CLIENT_SECRET ?? '' }
  : undefined;
const stripe = process.env.STRIPE_SECRET_KEY
  ? { secretKey: process.env.STRIPE_SECRET_KEY, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '', publishableKey: process.env.STRIPE_PUBLISHABLE_KEY }
  : undefined;
console.log('\n[lipcast] starting the platform...');
const stack = await startStack({ port, databaseUrl, natsUrl, s3, oidc, stripe, dataDir: join(ROOT, '.data') }).catch((error) => {
  console.error(`[lipcast] the platform did not become ready: ${error.message}`);
  process.exit(1);
});

const shown = stack.url.replace('127.0.0.1', 'localhost');
console.log(`\n[lipcast] ready: ${shown}   (API docs: ${shown}/api/docs; Ctrl-C stops everything)\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[lipcast] stopping...');
    await stack.stop();
    process.exit(0);
  });
}
