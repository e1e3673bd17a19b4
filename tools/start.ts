/**
 * `npm start`: checks for Debian's ffmpeg (installs it as root on Debian, else prints the command
 * and stops: tools/lib/system-packages.ts), finds PostgreSQL and NATS (or starts embedded ones:
 * tools/lib/dependencies.ts), builds, starts the embedded stand-ins where no real endpoint is
 * configured, applies migrations, starts every process and prints the URL. Ctrl-C stops the
 * processes, then the embedded servers.
 */
import { join } from 'node:path';
import { startDependencies } from './lib/dependencies.ts';
import { ensureDatabase } from './lib/infra.ts';
import { ROOT, startStack, type Stack } from './lib/stack.ts';
import { build, step } from './lib/steps.ts';
import { ensureSystemPackages, FFMPEG } from './lib/system-packages.ts';

const port = Number(process.env.PORT ?? 3000);

// Every video and sound is made with the system's ffmpeg: without it nothing would work, so stop before building.
if (ensureSystemPackages([FFMPEG]) !== 0) process.exit(1);

// PostgreSQL and NATS: the configured URLs, else this machine's, else embedded ones under .data/.
const dependencies = await startDependencies({ dataDir: join(ROOT, '.data') }).catch((error: Error) => {
  console.error(`[lipcast] cannot start: ${error.message}`);
  process.exit(1);
});
const { databaseUrl, natsUrl } = dependencies;
let stack: Stack | undefined = undefined; // set once started, for the stop handler
const stopEverything = async () => {
  await stack?.stop();
  await dependencies.stop();
};

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[lipcast] stopping...');
    await stopEverything();
    process.exit(0);
  });
}

if (!(await step('build', build))) {
  await stopEverything();
  process.exit(1);
}
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
stack = await startStack({ port, databaseUrl, natsUrl, s3, oidc, stripe, smtpUrl: process.env.SMTP_URL || undefined, dataDir: join(ROOT, '.data') }).catch(async (error) => {
  console.error(`[lipcast] the platform did not become ready: ${error.message}`);
  await stopEverything();
  process.exit(1);
});

const shown = stack.url.replace('127.0.0.1', 'localhost');
console.log(`\n[lipcast] ready: ${shown}   (API docs: ${shown}/api/docs; Ctrl-C stops everything)`);
if (stack.mailUrl) console.log(`[lipcast] mail sent by the platform: ${stack.mailUrl.replace('127.0.0.1', 'localhost')}`);
console.log('');

