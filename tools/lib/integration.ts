/**
 * Integration tests against real infrastructure: a fresh database, a private NATS with JetStream,
 * the embedded S3 server, the Stripe stand-in and the mail catcher, then Jest's integration project. `npm test` runs
 * it once for everything; `npm run test:int -- <jest args>` runs it for a pattern, in a database
 * of its own (`INT_DATABASE`, default per process), so several developers can run at once.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedS3 } from '../embedded-s3.ts';
import { startStripeStandIn } from '../stripe/stand-in.ts';
import { startMailCatcher } from '../mail/catcher.ts';
import { canConnectTcp, ensureDatabase, freePort, startPrivateNats, START_HINTS, withDatabase } from './infra.ts';
import { ROOT } from './stack.ts';
import { run } from './steps.ts';

export const INTEGRATION_WEBHOOK_SECRET = 'whsec_integration_tests';

/** `fallbackNatsUrl`: the NATS the tests use when no nats-server binary is installed to run a private one. */
export async function runIntegration(baseDatabaseUrl: string, database: string, jestArgs: string[], fallbackNatsUrl: string): Promise<number> {
  const databaseUrl = withDatabase(baseDatabaseUrl, database);
  await ensureDatabase(databaseUrl, { fresh: true });
  const dataDir = join(ROOT, `.data/${database}`);
  rmSync(dataDir, { recursive: true, force: true });
  const nats = await startPrivateNats(join(dataDir, 'nats'));
  const natsUrl = nats?.url ?? fallbackNatsUrl;
  if (!nats && !(await canConnectTcp(natsUrl))) throw new Error(`NATS is not reachable. Start it: ${START_HINTS.nats}`);
  const s3 = await startEmbeddedS3({ port: await freePort(), directory: join(dataDir, 's3') });
  // Tests post their own signed events; the stand-in is the Stripe API the billing code reads back.
  const stripe = await startStripeStandIn({ port: 0, webhookSecret: INTEGRATION_WEBHOOK_SECRET });
  // The content service sends its mail here; tests read it back through the catcher's JSON API.
  const mail = await startMailCatcher();
  try {
    return await run('jest', ['--selectProjects', 'integration', '--runInBand', ...jestArgs], {
      NODE_OPTIONS: '--experimental-vm-modules',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'lipcast-test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: INTEGRATION_WEBHOOK_SECRET,
      SMTP_URL: mail.smtpUrl,
      MAIL_CATCHER_URL: mail.url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'fatal',
      // Every NATS request and reply is checked against its subject's contract (libs/nest-kit/src/contract-check.ts).
      LIPCAST_CONTRACT_CHECK: '1',
    });
  } finally {
    await stripe.stop();
    await mail.stop();
    await s3.stop();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
