/**
 * Provider-bound jobs (issue 14, item 7): 200 concurrent lip-syncs (200 distinct audios, one user with
 * enough credits) on one generation worker with default settings, against the Replicate stand-in
 * answering after a fixed delay D. Run twice: jobs parked while their prediction runs (the default),
 * and held (`PROVIDER_WAIT=hold`: the worker keeps polling, the earlier behaviour). Prints completion
 * time and the worker's peak memory; the target is all 200 done within D + 30 s when parked.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { actorClipKey, mediaUrl, Subjects } from '@lipcast/contracts';
import { runFfmpeg } from '../replicate/media.ts';
import { startReplicateStandIn } from '../replicate/stand-in.ts';
import { natsRequest } from '../lib/nats-request.ts';
import { startIsolatedStack } from '../lib/stack.ts';

const JOBS = 200;
const DELAY_SECONDS = 20;
const TOKEN = 'r8_bench_provider_jobs';
const ACTOR = 'ipfs-puppet-video-1';

interface RunFigures {
  mode: 'park' | 'hold';
  completedSeconds: number;
  succeeded: number;
  peakRssMb: number;
}

/** Peak resident memory of a process (the kernel's high-water mark), in MB. */
function peakRssMb(pid: number): number {
  const kilobytes = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kilobytes / 1024;
}

async function run(mode: 'park' | 'hold', cannedVideo: string): Promise<RunFigures> {
  const standIn = await startReplicateStandIn({
    port: 0,
    apiToken: TOKEN,
    stepMs: 50,
    processingSteps: 2,
    processingMs: DELAY_SECONDS * 1000,
    cannedOutputs: { 'bytedance/latentsync': { path: cannedVideo, contentType: 'video/mp4' } },
  });
  const stack = await startIsolatedStack(`bench_provider_${mode}`, {
    env: {
      MEDIA_PROVIDER: 'embedded', // speech (the 200 audios) offline; only the lip-sync runs at the provider
      LIPSYNC_PROVIDER: 'replicate',
      REPLICATE_API_TOKEN: TOKEN,
      REPLICATE_API_URL: standIn.url,
      PROVIDER_WAIT: mode,
      QUOTA_FREE_SPEECH_PER_DAY: String(JOBS * 2),
      LOG_LEVEL: 'warn',
    },
  });
  const nats = await connect({ servers: stack.env.NATS_URL });
  const database = new pg.Client({ connectionString: stack.env.DATABASE_URL });
  await database.connect();
  try {
    const user = crypto.randomUUID();
    await database.query('insert into billing.account (user_id, pack_credits) values ($1, $2)', [user, JOBS + 10]);
    const audios: string[] = [];
    for (let index = 0; index < JOBS; index++) {
      audios.push((await natsRequest(nats, Subjects.generation.audioCreate, { userId: user, text: `Benchmark line ${index + 1}.`, voice_id: 'Calm_Woman' })).url);
    }
    const started = Date.now();
    const jobs = await Promise.all(audios.map((audio) => natsRequest(nats, Subjects.generation.lipsyncStart, { userId: user, video: mediaUrl(actorClipKey(ACTOR)), audio })));
    const open = new Set(jobs.map((job) => job.id));
    let succeeded = 0;
    const deadline = started + (DELAY_SECONDS * JOBS + 600) * 1000;
    while (open.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const states = await Promise.all([...open].map((jobId) => natsRequest(nats, Subjects.generation.jobGet, { userId: user, jobId })));
      for (const state of states) {
        if (state.status === 'queued' || state.status === 'running') continue;
        open.delete(state.id);
        if (state.status === 'succeeded') succeeded++;
      }
    }
    const completedSeconds = (Date.now() - started) / 1000;
    return { mode, completedSeconds, succeeded, peakRssMb: peakRssMb(stack.pid('generation')!) };
  } finally {
    await database.end();
    await nats.close();
    await stack.stop();
    await standIn.stop();
  }
}

export async function providerJobs(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'lipcast-bench-provider-'));
  try {
    // What the provider answers with: a real 2 s H.264 + AAC clip, made once (the stand-in's own encoding is not measured).
    const cannedVideo = join(folder, 'lipsync.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x506070:s=640x720:d=2:r=25', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', cannedVideo]);
    const parked = await run('park', cannedVideo);
    const held = await run('hold', cannedVideo);
    console.log(`\n[bench] ${JOBS} provider-bound lip-syncs on one worker (defaults), Replicate stand-in answering after D = ${DELAY_SECONDS} s`);
    for (const figures of [parked, held]) {
      const label = figures.mode === 'park' ? 'parked (PROVIDER_WAIT=park, default)' : 'held (PROVIDER_WAIT=hold, the worker polls)';
      console.log(`  ${label}: ${figures.succeeded}/${JOBS} succeeded in ${figures.completedSeconds.toFixed(1)} s; worker peak memory ${figures.peakRssMb.toFixed(0)} MB`);
    }
    const target = DELAY_SECONDS + 30;
    console.log(`  target: all ${JOBS} within D + 30 s = ${target} s when parked: ${parked.succeeded === JOBS && parked.completedSeconds <= target ? 'met' : 'NOT met'}`);
    console.log(`  speed-up parked vs held: ${(held.completedSeconds / parked.completedSeconds).toFixed(1)}x (before lanes, one worker slot held each job: at least ${JOBS} × D = ${JOBS * DELAY_SECONDS} s, computed)`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
