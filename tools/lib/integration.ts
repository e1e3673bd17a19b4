/**
 * Integration tests against real infrastructure: for each lane a fresh database, a private NATS with
 * JetStream, a bucket on the embedded S3 server, the Stripe stand-in and the mail catcher; then Jest's
 * integration project with one worker per lane (tools/jest/integration-environment.cjs puts each
 * worker on its lane's infrastructure, so one lane's workers never take another's jobs). `npm test`
 * runs every file on two lanes; `npm run test:int -- <jest args>` runs a pattern on one, in a
 * database of its own (`INT_DATABASE`, default per process), so several developers can run at once.
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

export interface IntegrationOptions {
  /** Jest workers, each on infrastructure of its own (default 1: in band). */
  lanes?: number;
  /** Environment over the lanes' own for every worker (e.g. the seed template). */
  env?: Record<string, string>;
}

/** `fallbackNatsUrl`: the NATS the tests use when no nats-server binary is installed to run a private one. */
export async function runIntegration(baseDatabaseUrl: string, database: string, jestArgs: string[], fallbackNatsUrl: string, options: IntegrationOptions = {}): Promise<number> {
  const lanes = options.lanes ?? 1;
  const dataDir = join(ROOT, `.data/${database}`);
  rmSync(dataDir, { recursive: true, force: true });
  const s3 = await startEmbeddedS3({ port: await freePort(), directory: join(dataDir, 's3') });
  const stops: (() => Promise<void>)[] = [() => s3.stop()];
  try {
    const laneEnv: Record<string, string> = {};
    for (let lane = 1; lane <= lanes; lane++) {
      // Lane 1 keeps the run's own database name, so `test:int` and the project checks read as before.
      const databaseUrl = withDatabase(baseDatabaseUrl, lane === 1 ? database : `${database}_lane${lane}`);
      await ensureDatabase(databaseUrl, { fresh: true });
      const nats = await startPrivateNats(join(dataDir, `nats-${lane}`));
      if (nats) stops.push(() => nats.stop());
      const natsUrl = nats?.url ?? fallbackNatsUrl;
      if (!nats && lanes > 1) throw new Error(`Integration lanes need nats-server to run a private NATS each. Install it: ${START_HINTS.nats}`);
      if (!nats && !(await canConnectTcp(natsUrl))) throw new Error(`NATS is not reachable. Start it: ${START_HINTS.nats}`);
      // Tests post their own signed events; the stand-in is the Stripe API the billing code reads back.
      const stripe = await startStripeStandIn({ port: 0, webhookSecret: INTEGRATION_WEBHOOK_SECRET });
      stops.push(() => stripe.stop());
      // The content service sends its mail here; tests read it back through the catcher's JSON API.
      const mail = await startMailCatcher();
      stops.push(() => mail.stop());
      const env = {
        DATABASE_URL: databaseUrl,
        NATS_URL: natsUrl,
        S3_BUCKET: `lipcast-test-${lane}`,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_API_URL: stripe.url,
        SMTP_URL: mail.smtpUrl,
        MAIL_CATCHER_URL: mail.url,
      };
      for (const [name, value] of Object.entries(env)) laneEnv[`LIPCAST_LANE_${lane}_${name}`] = value;
    }
    const workers = lanes > 1 ? [`--maxWorkers=${lanes}`] : ['--runInBand'];
    // 30 s per test and hook unless a spec says more (Jest's default is 5 s): hooks start real apps
    // and stores, seconds each, more when the lanes share two cores. A hang guard, not a speed target.
    // A command-line flag, since Jest reads the time-out from the global configuration only.
    const timeout = '--testTimeout=30000';
    return await run('jest', ['--selectProjects', 'integration', ...workers, timeout, ...jestArgs], {
      ...laneEnv,
      NODE_OPTIONS: '--experimental-vm-modules',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      STRIPE_WEBHOOK_SECRET: INTEGRATION_WEBHOOK_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'fatal',
      // Every NATS request and reply is checked against its subject's contract (libs/nest-kit/src/contract-check.ts).
      LIPCAST_CONTRACT_CHECK: '1',
      ...options.env,
    });
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
