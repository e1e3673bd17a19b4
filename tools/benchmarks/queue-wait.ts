/**
 * Honest waits (issue 23, item 4): five lip-syncs of five users queued at once on one worker rendering
 * one at a time (WORKER_CONCURRENCY=1), on the embedded engine. Prints the time from the last queued
 * job's submission to its start, and how far the estimate each job was given when queued
 * (`estimatedSeconds`: its wait and its run) is from the real time to its end. Two jobs run first,
 * one after the other, so the estimate starts from measured real-time factors rather than the priors.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { actorClipKey, mediaUrl, Subjects, type JobState } from '@lipcast/contracts';
import { natsRequest } from '../lib/nats-request.ts';
import { startIsolatedStack } from '../lib/stack.ts';

const QUEUED = 5;
const WARM_UP = 2;
const ACTOR = 'ipfs-puppet-video-1';
const LINE = 'Thanks for watching! Today I will show you three quick ways to make your mornings calmer and more productive.';

interface Submitted {
  userId: string;
  state: JobState;
  submittedAt: number;
  startedAt?: number;
  endedAt?: number;
}

/** One lip-sync per user (one free generation each), its audio made first. */
async function submit(nats: NatsConnection, audios: { userId: string; url: string }[]): Promise<Submitted[]> {
  const submitted: Submitted[] = [];
  for (const { userId, url } of audios) {
    const submittedAt = Date.now();
    const state = await natsRequest(nats, Subjects.generation.lipsyncStart, { userId, video: mediaUrl(actorClipKey(ACTOR)), audio: url });
    submitted.push({ userId, state, submittedAt });
  }
  return submitted;
}

/** Looks at the jobs every 100 ms until all ended, noting when each started and ended. */
async function follow(nats: NatsConnection, jobs: Submitted[]): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (jobs.some((job) => job.endedAt === undefined) && Date.now() < deadline) {
    await Promise.all(
      jobs
        .filter((job) => job.endedAt === undefined)
        .map(async (job) => {
          const state = await natsRequest(nats, Subjects.generation.jobGet, { userId: job.userId, jobId: job.state.id });
          if (state.status !== 'queued') job.startedAt ??= Date.now();
          if (state.status !== 'queued' && state.status !== 'running') {
            if (state.status !== 'succeeded') throw new Error(`job ${job.state.id} ${state.status}: ${state.error}`);
            job.endedAt = Date.now();
          }
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function makeAudios(nats: NatsConnection, count: number): Promise<{ userId: string; url: string }[]> {
  const audios: { userId: string; url: string }[] = [];
  for (let index = 0; index < count; index++) {
    const userId = crypto.randomUUID();
    audios.push({ userId, url: (await natsRequest(nats, Subjects.generation.audioCreate, { userId, text: `${LINE} Take ${index + 1}.`, voice_id: 'Calm_Woman' })).url });
  }
  return audios;
}

export async function queueWait(): Promise<void> {
  const stack = await startIsolatedStack('bench_queue_wait', { env: { MEDIA_PROVIDER: 'embedded', WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn' } });
  const nats = await connect({ servers: stack.env.NATS_URL });
  try {
    for (const audio of await makeAudios(nats, WARM_UP)) await follow(nats, await submit(nats, [audio]));
    // The audios first, so the five are queued within a moment of each other.
    const jobs = await submit(nats, await makeAudios(nats, QUEUED));
    await follow(nats, jobs);

    const last = jobs[QUEUED - 1];
    console.log(`\n[bench] ${QUEUED} lip-syncs queued at once, one rendered at a time (WORKER_CONCURRENCY=1), embedded engine, after ${WARM_UP} warm-up runs`);
    console.log(`  last queued job (position ${last.state.queuePosition}): ${((last.startedAt! - last.submittedAt) / 1000).toFixed(1)} s from its submission to its start`);
    const errors: number[] = [];
    for (const [index, job] of jobs.entries()) {
      const real = (job.endedAt! - job.submittedAt) / 1000;
      const estimated = job.state.estimatedSeconds ?? Number.NaN;
      errors.push(Math.abs(estimated - real) / real);
      console.log(`  job ${index + 1} (position ${job.state.queuePosition}): estimated ${estimated} s to done when queued, real ${real.toFixed(1)} s (wait ${((job.startedAt! - job.submittedAt) / 1000).toFixed(1)} s)`);
    }
    const mean = errors.reduce((sum, error) => sum + error, 0) / errors.length;
    console.log(`  estimate accuracy: mean absolute error ${(mean * 100).toFixed(0)} % of the real time to done (worst ${(Math.max(...errors) * 100).toFixed(0)} %)`);
  } finally {
    await nats.close();
    await stack.stop();
  }
}
