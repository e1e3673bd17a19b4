/* eslint-disable @nx/enforce-module-boundaries -- the test starts nats-servers with the tools' process helpers, as the fault test does */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@lipcast/contracts';
import { JobWatchersBucket, readEnv, ServiceClient, startServiceForTest, StorageService, type RunningService } from '@lipcast/nest-kit';
import { freePort } from '../../../../tools/lib/infra';
import { startCommand, type RunningProcess } from '../../../../tools/lib/processes';
import { installedNatsServer } from '../../../../tools/lib/nats-server';
import { pollUntil } from '../../../../tools/lib/poll';
import { generationService } from '../service';
import { GenerationSettings } from '../settings';
import { seedActorClip, startBilling, type BillingProcess } from '../testing';
import { JOB_LANES, JOB_STREAM } from './job-queue';
import { ensureWorkQueueStream } from './work-queue-stream';
import { WEBHOOK_STREAM } from '../webhooks/webhook-queue';

/**
 * The job queue survives losing a NATS server (issue 33): three local nats-servers as one JetStream
 * cluster, billing and generation on all three (NATS_URL lists them) with JETSTREAM_REPLICAS=3, a
 * burst of lip-syncs, then `kill -9` of the server that leads the job stream while the jobs wait or
 * run. Every job completes once, with one project and one committed credit each, and no other
 * reservation. The time from the kill to the last job's end is printed. Also: the streams and the
 * job-watchers bucket take the setting's count, an existing one included, and a count a single
 * server cannot hold stops the start with a message naming the setting. About 30 s.
 */
jest.setTimeout(240_000);

const ACTOR_CLIP = '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4';
const SERVERS = 3;
const USERS = 2; // 3 free generations each
const JOBS_PER_USER = 3;
/** Generous: the aim is a few seconds (a new leader is elected in about two). */
const COMPLETION_BOUND_MS = 120_000;

interface NatsServer {
  name: string;
  url: string;
  process: RunningProcess;
}

describe('the job queue on a three-server JetStream cluster', () => {
  const natsServer = installedNatsServer();
  let folder: string;
  const servers: NatsServer[] = [];
  let billing: BillingProcess;
  let generation: RunningService;
  let observer: NatsConnection;
  let manager: JetStreamManager;
  let database: pg.Pool;

  beforeAll(async () => {
    if (!natsServer) throw new Error('this test needs nats-server (Debian: apt-get install nats-server)');
    folder = await mkdtemp(join(tmpdir(), 'jetstream-cluster-'));
    const ports = await Promise.all(Array.from({ length: SERVERS }, async () => ({ client: await freePort(), cluster: await freePort() })));
    const routes = ports.map((port) => `nats://127.0.0.1:${port.cluster}`).join(',');
    for (const [index, port] of ports.entries()) {
      const name = `n${index}`;
      const args = ['-a', '127.0.0.1', '-p', String(port.client), '-js', '-sd', join(folder, name), '--server_name', name];
      const cluster = ['--cluster_name', 'lipcast-test', '--cluster', `nats://127.0.0.1:${port.cluster}`, '--routes', routes];
      servers.push({ name, url: `nats://127.0.0.1:${port.client}`, process: await startCommand(natsServer, [...args, ...cluster], {}, 'Server is ready', 20_000) });
    }
    const natsUrl = servers.map((server) => server.url).join(',');
    observer = await connect({ servers: servers.map((server) => server.url) });
    manager = await jetstreamManager(observer, { checkAPI: false, timeout: 2000 });
    // JetStream answers once the servers have elected the cluster's meta leader.
    await pollUntil(() => manager.getAccountInfo().then(() => true, () => false), 30_000);

    // The job stream as an earlier release left it, with one copy: generation's start brings it to the setting's count.
    const subjects = Object.values(JOB_LANES).map((lane) => lane.subject);
    await manager.streams.add({ name: JOB_STREAM, subjects, retention: RetentionPolicy.Workqueue, storage: StorageType.File, num_replicas: 1 });

    await seedActorClip(new StorageService(readEnv(GenerationSettings)), 'ipfs-puppet-video-5', folder);
    const env = { NATS_URL: natsUrl, JETSTREAM_REPLICAS: String(SERVERS) };
    billing = await startBilling(env);
    // API and worker in one: the worker creates the streams at start, with the setting's replicas.
    generation = await startServiceForTest(generationService, { ...env, GENERATION_ROLE: 'all', WORKER_CONCURRENCY: '2' });
    database = new pg.Pool({ connectionString: generation.settings.DATABASE_URL, max: 2 });
  });

  /**
   * Moves the cpu lane consumer's leadership (a step-down hands it to another server at random)
   * until the job stream's leader leads it too; returns that server's name.
   */
  async function leadStreamAndCpuLaneOnOneServer(): Promise<string> {
    const leaders = () =>
      pollUntil(async () => {
        const stream = await manager.streams.info(JOB_STREAM).then((info) => info.cluster?.leader, () => undefined);
        const lane = await manager.consumers.info(JOB_STREAM, JOB_LANES.cpu.consumer).then((info) => info.cluster?.leader, () => undefined);
        return stream && lane ? { stream, lane } : null;
      }, 10_000);
    for (let stepDowns = 0; stepDowns < 20; stepDowns++) {
      const { stream, lane } = await leaders();
      if (stream === lane) return stream;
      await observer.request(`$JS.API.CONSUMER.LEADER.STEPDOWN.${JOB_STREAM}.${JOB_LANES.cpu.consumer}`, '', { timeout: 5000 });
    }
    throw new Error('the cpu lane consumer never moved to the job stream\'s leader');
  }

  afterAll(async () => {
    await generation?.close();
    await billing?.close();
    await observer?.close();
    for (const server of servers) await server.process.stop('SIGKILL');
    await database?.end();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('keeps every stream and bucket in JETSTREAM_REPLICAS copies, an existing one brought to the count', async () => {
    /** A copy on every server: the leader and SERVERS - 1 current followers (a stream that grew lists its old peers for a moment). */
    const onEveryServer = (stream: string) =>
      pollUntil(async () => {
        const info = await manager.streams.info(stream);
        const followers = info.cluster?.replicas ?? [];
        return info.config.num_replicas === SERVERS && followers.length === SERVERS - 1 && followers.every((peer) => peer.current);
      }, 10_000);
    await onEveryServer(JOB_STREAM); // made with one copy before generation started
    await onEveryServer(WEBHOOK_STREAM);
    // A job's message id is remembered longer than a job may stay unpublished (10 min + 1), so a second publish of it is dropped.
    expect((await manager.streams.info(JOB_STREAM)).config.duplicate_window).toBe(nanos(11 * 60_000));
    // The job-watchers bucket (gateway and content): created with one copy, then opened with the cluster's setting.
    await JobWatchersBucket.open(observer, 1);
    expect((await manager.streams.info('KV_job-watchers')).config.num_replicas).toBe(1);
    await JobWatchersBucket.open(observer, SERVERS);
    await onEveryServer('KV_job-watchers');
  });

  it('stops with a message naming the setting when the servers cannot hold that many copies (a single server)', async () => {
    const single = await connect({ servers: process.env.NATS_URL! }); // the test lane's own one-server NATS
    try {
      const stream = `CLUSTER_TEST_${crypto.randomUUID().slice(0, 8)}`;
      await expect(ensureWorkQueueStream(await jetstreamManager(single), stream, [`${stream.toLowerCase()}.>`], SERVERS)).rejects.toThrow(
        new RegExp(`^cannot give JetStream stream ${stream} 3 replicas \\(JETSTREAM_REPLICAS; it needs a NATS cluster of at least 3 JetStream servers\\): .*replicas > 1 not supported in non-clustered mode`),
      );
    } finally {
      await single.close();
    }
  });

  it('completes every job once, with exact credits, after the job stream\'s leader is killed (kill -9)', async () => {
    // The worst case for the queue: the server to be killed leads the stream and the lane's consumer.
    const victim = await leadStreamAndCpuLaneOnOneServer();

    // The speech first (cheap), so that the lip-syncs go out as one burst.
    const userIds = Array.from({ length: USERS }, () => crypto.randomUUID());
    const lipSyncs: { userId: string; audio: string }[] = [];
    for (const userId of userIds) {
      for (let line = 0; line < JOBS_PER_USER; line++) {
        const audio = await generation.client.send(Subjects.generation.audioCreate, { userId, text: `Line ${line} of ${userId.slice(0, 4)}.`, voice_id: 'Patient_Man' }, 60_000);
        lipSyncs.push({ userId, audio: audio.url });
      }
    }
    const jobs = await Promise.all(lipSyncs.map(({ userId, audio }) => generation.client.send(Subjects.generation.lipsyncStart, { userId, video: ACTOR_CLIP, audio })));
    const jobIds = jobs.map((job) => job.id);

    // The server leading the job stream goes, while jobs wait in it and others run.
    const before = await manager.streams.info(JOB_STREAM);
    const leader = servers.find((server) => server.name === before.cluster?.leader)!;
    expect(leader.name).toBe(victim);
    const queued = before.state.messages;
    const workerServer = generation.app.get(ServiceClient, { strict: false }).nats.info?.server_name;
    leader.process.child.kill('SIGKILL');
    const killedAt = Date.now();
    await leader.process.exited;

    const ended = (job: { status: string; credit: string }) => ['succeeded', 'failed', 'canceled'].includes(job.status) && job.credit !== 'reserved';
    let rows: { id: string; status: string; credit: string; attempts: number }[] = [];
    do {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
      ({ rows } = await database.query('select id, status, credit, attempts from generation.job where id = any($1::uuid[])', [jobIds]));
    } while (!rows.every(ended) && Date.now() - killedAt < COMPLETION_BOUND_MS);
    const lastEndedAfterMs = Date.now() - killedAt;
    // When each job ran, in ms from the kill: the gap is the cluster electing new leaders (4-9 s) plus the worker's next pull.
    const { rows: runs } = await database.query<{ started: number; ended: number }>(
      'select extract(epoch from started_at) * 1000 as started, extract(epoch from updated_at) * 1000 as ended from generation.job where id = any($1::uuid[]) order by started_at',
      [jobIds],
    );
    const after = await manager.streams.info(JOB_STREAM);

    const { rows: projects } = await database.query<{ job_id: string; count: number }>(
      'select job_id, count(*)::int as count from generation.project where user_id = any($1::uuid[]) group by job_id',
      [userIds],
    );
    const { rows: reservations } = await database.query<{ job_id: string; status: string }>('select job_id, status from billing.reservation where user_id = any($1::uuid[])', [userIds]);
    const { rows: allJobs } = await database.query<{ count: number }>('select count(*)::int as count from generation.job where user_id = any($1::uuid[])', [userIds]);
    process.stdout.write(
      `\njob stream and cpu lane leader ${leader.name} killed (-9) with ${queued} job message(s) in the stream (the worker was connected to ${workerServer}); ` +
        `new leader ${after.cluster?.leader}; all ${jobIds.length} jobs ended ${lastEndedAfterMs} ms after the kill; ` +
        `they ran (ms from the kill) ${runs.map((run) => `${Math.round(run.started - killedAt)}..${Math.round(run.ended - killedAt)}`).join(' ')}; ` +
        `${rows.filter((row) => row.status === 'succeeded').length} succeeded, most attempts ${Math.max(0, ...rows.map((row) => row.attempts))}, ` +
        `credits committed ${reservations.filter((reservation) => reservation.status === 'committed').length}, other reservations ${reservations.filter((reservation) => reservation.status !== 'committed').length}\n\n`,
    );

    expect(queued).toBeGreaterThan(0);
    expect(after.cluster?.leader).not.toBe(leader.name);
    expect(lastEndedAfterMs).toBeLessThan(COMPLETION_BOUND_MS);
    // Every job once: succeeded with its credit committed, one project each, one committed reservation each and no other.
    expect(allJobs[0].count).toBe(USERS * JOBS_PER_USER);
    expect(rows.filter((row) => row.status !== 'succeeded' || row.credit !== 'committed')).toEqual([]);
    expect(rows).toHaveLength(USERS * JOBS_PER_USER);
    expect(projects.map((project) => project.job_id).sort()).toEqual([...jobIds].sort());
    expect(projects.filter((project) => project.count !== 1)).toEqual([]);
    expect(reservations.map((reservation) => `${reservation.job_id} ${reservation.status}`).sort()).toEqual(jobIds.map((jobId) => `${jobId} committed`).sort());
  });
});
