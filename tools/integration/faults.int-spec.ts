/* eslint-disable @nx/enforce-module-boundaries -- the test runs every service's migrations and built process beside the gateway */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { runMigrations, StorageService } from '@lipcast/nest-kit';
import { ormConfig as authOrm } from '../../services/auth/src/mikro-orm.config';
import { ormConfig as billingOrm } from '../../services/billing/src/mikro-orm.config';
import { ormConfig as contentOrm } from '../../services/content/src/mikro-orm.config';
import { ormConfig as generationOrm } from '../../services/generation/src/mikro-orm.config';
import { seedActorClip } from '../../services/generation/src/testing';
import { ormConfig as gatewayOrm } from '../../gateway/src/mikro-orm.config';
import { freePort } from '../lib/infra';
import { GATEWAY_ENTRY, serviceEntry, startCommand, startProcess, type RunningProcess } from '../lib/processes';
import { signedInCookie } from '../../gateway/src/session/testing';

/**
 * Faults survived: a steady trickle of lip-sync jobs and page reads through a real gateway while
 * the test restarts NATS (JetStream store on disk, same port), terminates every PostgreSQL
 * connection to its own database, and stops the S3 server for 10 s. Requests fail fast (503)
 * during each gap; everything recovers without restarting a Lipcast process; no job is lost or
 * completed twice; no credit is charged twice or lost. The figures are printed. Takes about 2 minutes.
 */
jest.setTimeout(300_000);

const ROOT = resolve(__dirname, '../..');
const NATS_SERVER = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((path) => existsSync(path));
const DATABASE_URL = process.env.DATABASE_URL!;
const SESSION_SECRET = randomBytes(24).toString('hex');
const S3 = { S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'lipcast-faults' };
const ACTOR_CLIP = '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4';
const USERS = 3; // 3 free generations each (the bursts below submit more, at the worst moments)
const JOBS_PER_USER = 3;
/** Generous bounds; the measured figures are printed (the aim is a few seconds). */
const RECOVERY_BOUND_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** The gateway's wait for a service's answer: no request in a gap may wait it out (they fail at once instead). */
const NATS_REQUEST_TIMEOUT_MS = 8000;
const NATS_DOWN_MS = 5000;
const S3_DOWN_MS = 10_000;

const wait = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

type ReadKind = 'posts' | 'actors' | 'media';
interface Sample {
  kind: ReadKind | 'lipsync';
  at: number;
  status: number; // 0: no answer within REQUEST_TIMEOUT_MS, or the connection failed
  ms: number;
}
interface FaultFigures {
  fault: string;
  gapMs: number;
  answersDuringGap: Record<string, number>;
  slowestMsDuringGap: number;
  recoveryMs: number;
}

describe('faults survived under a trickle of lip-syncs and page reads', () => {
  const database = new pg.Pool({ connectionString: DATABASE_URL, max: 3 });
  // Its own connections are terminated too: an idle one failing is expected.
  database.on('error', () => undefined);
  let folder: string;
  let natsPort: number;
  let s3Port: number;
  let nats: RunningProcess;
  let s3: RunningProcess;
  const lipcast = new Map<string, RunningProcess>();
  let base: string;
  let gatewayOps: string;

  const startNats = () =>
    startCommand(NATS_SERVER!, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(folder, 'nats')], {}, 'Server is ready', 20_000);
  const startS3 = () =>
    startCommand(process.execPath, [join(ROOT, 'tools/embedded-s3.ts'), '--port', String(s3Port), '--dir', join(folder, 's3')], {}, 'S3_ENDPOINT=', 20_000);

  beforeAll(async () => {
    if (!NATS_SERVER) throw new Error('this test needs nats-server (Debian: apt-get install nats-server)');
    folder = await mkdtemp(join(tmpdir(), 'lipcast-faults-'));
    [natsPort, s3Port] = [await freePort(), await freePort()];
    nats = await startNats();
    s3 = await startS3();
    for (const config of [gatewayOrm, authOrm, generationOrm, billingOrm, contentOrm]) await runMigrations(config(DATABASE_URL));
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    await seedActorClip(new StorageService({ ...S3, S3_ENDPOINT: s3Endpoint, S3_REGION: 'us-east-1' }), 'ipfs-puppet-video-5', folder);

    const env = { DATABASE_URL, NATS_URL: `nats://127.0.0.1:${natsPort}`, S3_ENDPOINT: s3Endpoint, ...S3, GENERATION_ROLE: 'all', MEDIA_PROVIDER: 'embedded' };
    for (const service of ['auth', 'content', 'billing', 'generation']) {
      lipcast.set(service, await startProcess(serviceEntry(service), { ...env, OPS_PORT: '0' }, `${service} ops listener on`));
    }
    const [port, opsPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    gatewayOps = `http://127.0.0.1:${opsPort}`;
    lipcast.set(
      'gateway',
      await startProcess(GATEWAY_ENTRY, { ...env, PORT: String(port), OPS_PORT: String(opsPort), SESSION_SECRET, WEB_ROOT: folder, RATE_LIMIT_PER_MINUTE: '100000', NATS_REQUEST_TIMEOUT_MS: String(NATS_REQUEST_TIMEOUT_MS) }, 'gateway ops listener on'),
    );
  });

  afterAll(async () => {
    for (const running of lipcast.values()) running.child.kill('SIGKILL');
    nats?.child.kill('SIGKILL');
    s3?.child.kill('SIGKILL');
    await database.end();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function request(kind: Sample['kind'], path: string, samples: Sample[], init: RequestInit = {}): Promise<Response | null> {
    const at = Date.now();
    let response: Response | null = null;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await response.clone().arrayBuffer();
    } catch {
      response = null;
    }
    samples.push({ kind, at, status: response?.status ?? 0, ms: Date.now() - at });
    return response;
  }

  /** The gateway's operator view says every dependency and every service is up. */
  async function everythingUp(): Promise<boolean> {
    const status = (await (await fetch(`${gatewayOps}/status`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.json().catch(() => null)) as {
      ready?: boolean;
      dependencies?: Record<string, { ok: boolean }>;
      services?: Record<string, { ok: boolean }>;
    } | null;
    if (!status?.ready) return false;
    return [...Object.values(status.dependencies ?? {}), ...Object.values(status.services ?? {})].every((state) => state.ok);
  }

  it('answers 503 fast during each gap, recovers without a restart, and loses or repeats no job or credit', async () => {
    // Users with their audios made beforehand: one lip-sync per audio.
    const users = await Promise.all(Array.from({ length: USERS }, async () => {
      const userId = randomUUID();
      return { userId, cookie: await signedInCookie(database, SESSION_SECRET, userId) };
    }));
    const pending: { userId: string; cookie: string; audio: string }[] = [];
    for (const [index, user] of users.entries()) {
      for (let job = 0; job < JOBS_PER_USER; job++) {
        const response = await fetch(`${base}/api/replicate/audio`, {
          method: 'POST',
          headers: { cookie: user.cookie, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify({ text: `Hello from speaker ${index}, line ${job}.`, voice_id: 'Patient_Man' }),
        });
        expect(response.status).toBe(200);
        pending.push({ ...user, audio: ((await response.json()) as { url: string }).url });
      }
    }

    const samples: Sample[] = [];
    const submitted = new Map<string, string>(); // audio → job id
    let trickling = true;
    const submit = async (next: (typeof pending)[number]) => {
      const response = await request('lipsync', '/api/replicate/lipsync', samples, {
        method: 'POST',
        headers: { cookie: next.cookie, origin: base, 'content-type': 'application/json', prefer: 'respond-async' },
        body: JSON.stringify({ video: ACTOR_CLIP, audio: next.audio }),
      });
      if (response?.status !== 202 && response?.status !== 200) return false;
      submitted.set(next.audio, ((await response.json()) as { predictionId: string }).predictionId);
      return true;
    };
    const reads = (async () => {
      while (trickling) {
        await Promise.all([
          request('posts', '/api/blog/posts', samples),
          request('actors', '/api/actors', samples),
          request('media', ACTOR_CLIP, samples, { headers: { range: 'bytes=0-1023' } }),
        ]);
        await wait(250);
      }
    })();
    const lipSyncs = (async () => {
      while (trickling && pending.length) {
        if (await submit(pending[0])) pending.shift(); // refused in a gap: the same one again next time
        await wait(2500);
      }
    })();

    const figures: FaultFigures[] = [];
    /** Inflicts a fault, ends it, and measures the gap and the time until everything answers again. */
    const survive = async (fault: string, inflict: () => Promise<void>, end: () => Promise<void>) => {
      const started = Date.now();
      await inflict();
      await end();
      const ended = Date.now();
      let recovered = 0;
      while (!recovered) {
        const [posts, actors, media] = await Promise.all([
          request('posts', '/api/blog/posts', samples),
          request('actors', '/api/actors', samples),
          request('media', ACTOR_CLIP, samples, { headers: { range: 'bytes=0-1023' } }),
        ]);
        if ([posts, actors, media].every((response) => response && response.status < 300) && (await everythingUp())) recovered = Date.now();
        else if (Date.now() - ended > RECOVERY_BOUND_MS) {
          const status = await (await fetch(`${gatewayOps}/status`).catch(() => null))?.text();
          const tails = [...lipcast].map(([name, running]) => `--- ${name}\n${running.output().slice(-3000)}`).join('\n');
          throw new Error(`${fault}: not recovered within ${RECOVERY_BOUND_MS} ms: posts ${posts?.status}, actors ${actors?.status}, media ${media?.status}; status ${status}\n${tails}`);
        }
        else await wait(100);
      }
      const duringGap = samples.filter((sample) => sample.at >= started && sample.at < recovered);
      const answers: Record<string, number> = {};
      for (const sample of duringGap) answers[`${sample.kind} ${sample.status}`] = (answers[`${sample.kind} ${sample.status}`] ?? 0) + 1;
      figures.push({
        fault,
        gapMs: ended - started,
        answersDuringGap: answers,
        slowestMsDuringGap: Math.max(0, ...duringGap.map((sample) => sample.ms)),
        recoveryMs: recovered - ended,
      });
      await wait(3000); // a steady stretch before the next fault
    };

    const stopTrickle = async () => {
      trickling = false;
      await reads;
      await lipSyncs;
    };
    try {
      await wait(4000);
      await survive(
        'NATS restarted (JetStream store on disk, same port)',
        async () => {
          await nats.stop('SIGTERM');
          await wait(NATS_DOWN_MS);
        },
        async () => {
          nats = await startNats();
        },
      );
      await survive(
        "PostgreSQL: every backend of the test's database terminated",
        async () => {
          // Only this database's backends, never another's on the shared server.
          await database.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        },
        async () => undefined,
      );
      await survive(
        'S3 server stopped for 10 s',
        async () => {
          await s3.stop('SIGTERM');
          await wait(S3_DOWN_MS);
        },
        async () => {
          s3 = await startS3();
        },
      );
    } finally {
      await stopTrickle();
    }
    for (const next of pending.splice(0)) expect(await submit(next)).toBe(true);

    // Every job ends and settles its credit (a moment after it ends; up to 90 s later when billing was
    // out of reach then: the sweeper retries); then the ledger is compared with the jobs.
    const jobIds = [...submitted.values()];
    const deadline = Date.now() + 180_000;
    let jobs: { id: string; user_id: string; status: string; attempts: number; credit: string }[] = [];
    do {
      await wait(1000);
      ({ rows: jobs } = await database.query('select id, user_id, status, attempts, credit from generation.job where id = any($1::uuid[])', [jobIds]));
    } while (jobs.some((job) => ['queued', 'running', 'waiting'].includes(job.status) || job.credit === 'reserved') && Date.now() < deadline);
    const userIds = users.map((user) => user.userId);
    const { rows: projects } = await database.query<{ job_id: string; count: number }>(
      'select job_id, count(*)::int as count from generation.project where user_id = any($1::uuid[]) group by job_id',
      [userIds],
    );
    const { rows: reservations } = await database.query<{ job_id: string; status: string }>(
      'select job_id, status from billing.reservation where user_id = any($1::uuid[])',
      [userIds],
    );
    const { rows: allJobsOfUsers } = await database.query<{ count: number }>('select count(*)::int as count from generation.job where user_id = any($1::uuid[])', [userIds]);

    const succeeded = jobs.filter((job) => job.status === 'succeeded');
    const completedTwice = projects.filter((project) => project.count > 1);
    const committed = reservations.filter((reservation) => reservation.status === 'committed');
    const lost = USERS * JOBS_PER_USER - succeeded.length;
    process.stdout.write(
      `\nfaults survived (${USERS * JOBS_PER_USER} lip-syncs, ${samples.length} requests):\n` +
        figures
          .map((figure) => `  ${figure.fault}: gap ${figure.gapMs} ms, recovered ${figure.recoveryMs} ms after, slowest answer in the gap ${figure.slowestMsDuringGap} ms, answers ${JSON.stringify(figure.answersDuringGap)}`)
          .join('\n') +
        `\n  jobs: ${succeeded.length} succeeded of ${jobIds.length} submitted; lost ${lost}; completed twice ${completedTwice.length}; ` +
        `most attempts ${Math.max(0, ...jobs.map((job) => job.attempts))}; credits committed ${committed.length}, other reservations ${reservations.length - committed.length}\n\n`,
    );

    for (const figure of figures) {
      expect([figure.fault, figure.recoveryMs < RECOVERY_BOUND_MS]).toEqual([figure.fault, true]);
      // Fail fast: every request in the gap was answered (200s or 503) without waiting for a time-out; none failed otherwise.
      expect([figure.fault, figure.slowestMsDuringGap < NATS_REQUEST_TIMEOUT_MS]).toEqual([figure.fault, true]);
      const unexpected = Object.keys(figure.answersDuringGap).filter((answer) => !/ (200|202|206|503)$/.test(answer));
      expect([figure.fault, unexpected]).toEqual([figure.fault, []]);
    }
    // Each gap made someone wait: NATS (every API route), S3 (media).
    expect(Object.keys(figures[0].answersDuringGap).some((answer) => answer.endsWith(' 503'))).toBe(true);
    expect(figures[2].answersDuringGap['media 503']).toBeGreaterThan(0);
    // No Lipcast process was restarted: each still runs.
    for (const [name, running] of lipcast) expect([name, running.child.exitCode, running.child.signalCode]).toEqual([name, null, null]);
    // No job lost, none completed twice; one committed credit per job and no other.
    expect(jobIds).toHaveLength(USERS * JOBS_PER_USER);
    expect(allJobsOfUsers[0].count).toBe(USERS * JOBS_PER_USER);
    expect(jobs).toHaveLength(USERS * JOBS_PER_USER);
    expect(jobs.filter((job) => job.status !== 'succeeded' || job.credit !== 'committed')).toEqual([]);
    expect(completedTwice).toEqual([]);
    expect(projects).toHaveLength(USERS * JOBS_PER_USER);
    expect(committed.map((reservation) => reservation.job_id).sort()).toEqual([...jobIds].sort());
    expect(reservations).toHaveLength(USERS * JOBS_PER_USER);
  });
  /** A signed-in user with `count` speech audios made, one per lip-sync to submit. */
  async function userWithAudios(count: number): Promise<{ userId: string; cookie: string; audios: string[] }> {
    const userId = randomUUID();
    const cookie = await signedInCookie(database, SESSION_SECRET, userId);
    const audios: string[] = [];
    for (let line = 0; line < count; line++) {
      const response = await fetch(`${base}/api/replicate/audio`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Burst line ${line}.`, voice_id: 'Patient_Man' }),
      });
      expect(response.status).toBe(200);
      audios.push(((await response.json()) as { url: string }).url);
    }
    return { userId, cookie, audios };
  }

  /**
   * A burst: every user submits every lip-sync at once; whoever sees an error presses Generate again
   * (the same request) every 500 ms, as anyone would, until it is accepted. Answers other than
   * 200/202/503 are collected; `inflict` runs `faultAfterMs` after the burst starts (the issue's
   * users met the fault 500 ms in; this stack accepts a burst faster, so 50 ms lands inside it).
   */
  async function burstThrough(fault: string, users: { userId: string; cookie: string; audios: string[] }[], inflict: () => Promise<void>, faultAfterMs = 50) {
    const answers: Record<number, number> = {};
    const jobIds = new Map<string, string>(); // audio → job id
    const press = async (user: (typeof users)[number], audio: string) => {
      for (const deadline = Date.now() + RECOVERY_BOUND_MS * 2; Date.now() < deadline; await wait(500)) {
        const response = await fetch(`${base}/api/replicate/lipsync`, {
          method: 'POST',
          headers: { cookie: user.cookie, origin: base, 'content-type': 'application/json', prefer: 'respond-async' },
          body: JSON.stringify({ video: ACTOR_CLIP, audio }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }).catch(() => null);
        const status = response?.status ?? 0;
        answers[status] = (answers[status] ?? 0) + 1;
        if (status === 200 || status === 202) {
          jobIds.set(audio, ((await response!.json()) as { predictionId: string }).predictionId);
          return;
        }
        await response?.body?.cancel();
      }
    };
    const started = Date.now();
    const presses = Promise.all(users.flatMap((user) => user.audios.map((audio) => press(user, audio))));
    await wait(faultAfterMs);
    await inflict();
    const recovered = Date.now();
    await presses;

    // Every accepted job ends, with its credit settled.
    const ids = [...jobIds.values()];
    let jobs: { id: string; user_id: string; status: string; credit: string; started_at: Date | null; updated_at: Date }[] = [];
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; await wait(1000)) {
      ({ rows: jobs } = await database.query('select id, user_id, status, credit, started_at, updated_at from generation.job where id = any($1::uuid[])', [ids]));
      if (jobs.every((job) => !['queued', 'running', 'waiting'].includes(job.status) && job.credit !== 'reserved')) break;
    }
    const userIds = users.map((user) => user.userId);
    const { rows: reservations } = await database.query<{ user_id: string; status: string }>('select user_id, status from billing.reservation where user_id = any($1::uuid[])', [userIds]);
    const { rows: allJobs } = await database.query<{ count: number }>('select count(*)::int as count from generation.job where user_id = any($1::uuid[])', [userIds]);
    const { rows: linked } = await database.query<{ job_id: string; count: number }>('select job_id, count(*)::int as count from generation.project where job_id = any($1::uuid[]) group by job_id', [ids]);
    const lastDone = Math.max(...jobs.map((job) => new Date(job.updated_at).getTime()));
    const idle = longestIdleStretch(jobs, recovered);
    const creditsPerUser = userIds.map((userId) => reservations.filter((reservation) => reservation.user_id === userId && reservation.status === 'committed').length);
    process.stdout.write(
      `\n${fault}: ${ids.length} lip-syncs accepted of ${users.reduce((sum, user) => sum + user.audios.length, 0)} submitted in ${Date.now() - started} ms; ` +
        `answers ${JSON.stringify(answers)}; the last job ended ${lastDone - recovered} ms after the fault ended, with no job running for at most ${idle} ms on end; committed credits per user ${JSON.stringify(creditsPerUser)}\n`,
    );

    // A Lipcast process that died explains every refusal after it: say which, with its last words.
    const died = [...lipcast].filter(([, running]) => running.child.exitCode !== null || running.child.signalCode !== null).map(([name, running]) => `${name}: ${running.output().slice(-3000)}`);
    expect([fault, died]).toEqual([fault, []]);
    const submitted = users.reduce((sum, user) => sum + user.audios.length, 0);
    expect([fault, Object.keys(answers).filter((status) => !['200', '202', '503'].includes(status))]).toEqual([fault, []]);
    expect([fault, ids.length, allJobs[0].count]).toEqual([fault, submitted, submitted]);
    expect([fault, jobs.filter((job) => job.status !== 'succeeded' || job.credit !== 'committed')]).toEqual([fault, []]);
    expect([fault, creditsPerUser]).toEqual([fault, users.map((user) => user.audios.length)]);
    expect([fault, reservations.length]).toEqual([fault, submitted]);
    // Each video is in its user's history once: what ties to a job is written with it, or not at all.
    expect([fault, linked.length, linked.every((link) => link.count === 1)]).toEqual([fault, submitted, true]);
    // Recovered: the jobs did not wait on a stalled queue (a lost message, a redelivery timer). Judged
    // by the time no job ran, not by how long these renders take on a loaded machine (over 60 s at
    // load 10 for twelve of them, all running back to back).
    expect([fault, idle < RECOVERY_BOUND_MS]).toEqual([fault, true]);
  }

  /**
   * The longest stretch, from `from` (the fault's end) to the last job's end, in which none of `jobs`
   * was running (each runs from its last start to its last update), in ms.
   */
  function longestIdleStretch(jobs: { started_at: Date | null; updated_at: Date }[], from: number): number {
    const runs = jobs
      .map((job) => ({ start: Math.max(from, new Date(job.started_at ?? job.updated_at).getTime()), end: new Date(job.updated_at).getTime() }))
      .filter((run) => run.end > from)
      .sort((a, b) => a.start - b.start);
    let [longest, covered] = [0, from];
    for (const run of runs) {
      longest = Math.max(longest, run.start - covered);
      covered = Math.max(covered, run.end);
    }
    return longest;
  }

  /** A PostgreSQL trigger that fails one statement as a dropped connection would (57P01) for these users, until `drop` runs. */
  async function injectFailure(name: string, table: string, timing: string, userIds: string[]): Promise<{ drop: () => Promise<void> }> {
    const users = userIds.map((id) => `'${id}'`).join(', ');
    await database.query(`create or replace function public.${name}() returns trigger language plpgsql as $$
      begin raise exception 'injected by the faults test' using errcode = '57P01'; end $$`);
    await database.query(`create trigger ${name} ${timing} on ${table} for each row when (new.user_id in (${users})) execute function public.${name}()`);
    return {
      drop: async () => {
        await database.query(`drop trigger if exists ${name} on ${table}`);
        await database.query(`drop function if exists public.${name}()`);
      },
    };
  }

  it('a burst of lip-syncs through each fault at the worst moment: every accepted job runs once after recovery, one credit each, no 500 or 402', async () => {
    const burst = (users: number, jobsEach: number) => Promise.all(Array.from({ length: users }, () => userWithAudios(jobsEach)));

    await burstThrough('NATS killed (kill -9) for 5 s, 50 ms into a burst', await burst(4, 3), async () => {
      await nats.stop('SIGKILL');
      await wait(NATS_DOWN_MS);
      nats = await startNats();
    });

    await burstThrough('PostgreSQL backends terminated 5 times over 5 s, 50 ms into a burst', await burst(4, 3), async () => {
      for (let time = 0; time < 5; time++) {
        await database.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        await wait(1000);
      }
    });

    // Between the job's insert and its publish: tying the history item to it fails (the insert goes with it).
    const beforeTie = await burst(2, 1);
    const tieFails = await injectFailure('faults_tie', 'generation.project', 'before update of job_id', beforeTie.map((user) => user.userId));
    await burstThrough('a failure between the job insert and its publish (its history item)', beforeTie, async () => {
      await wait(2000);
      await tieFails.drop();
    });

    // Between the job's insert and its publish: billing cannot record the credit (the job waits, unpublished).
    const beforePublish = await burst(2, 1);
    const reserveFails = await injectFailure('faults_reserve', 'billing.reservation', 'before insert', beforePublish.map((user) => user.userId));
    await burstThrough('a failure between the job insert and its publish (the credit reserve)', beforePublish, async () => {
      await wait(2000);
      await reserveFails.drop();
    });

    // Between the publish and the reply: the job's message is in the queue, but recording it fails and the request errs.
    const afterPublish = await burst(2, 1);
    const markFails = await injectFailure('faults_published', 'generation.job', 'before update of published_at', afterPublish.map((user) => user.userId));
    await burstThrough('a failure between the publish and the reply (recording it published)', afterPublish, async () => {
      await wait(2000);
      await markFails.drop();
    });
  });
});
