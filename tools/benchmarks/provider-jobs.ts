/**
 * Provider-bound jobs (issue 14, item 7): 200 concurrent lip-syncs (200 distinct audios, one user with
 * enough credits) on one generation worker with default settings, against the Replicate stand-in
 * answering after a fixed delay D. Run twice: jobs parked while their prediction runs (the default),
 * and held (`PROVIDER_WAIT=hold`: the worker keeps polling, the earlier behaviour). Prints completion
 * time, the worker's CPU seconds per job (its own and its ffmpeg children's, from the jobs' start) and
 * its peak memory; the target is all 200 done within D + 30 s when parked. `PROVIDER_BENCH_MODES=park`
 * runs only the parked mode (held takes about D × 200 / PROVIDER_JOB_CONCURRENCY and more).
 * `PROVIDER_BENCH_CPU_PROFILE=<folder>` also writes the worker's CPU profile over the jobs' run
 * (`<mode>.cpuprofile`, for Chrome DevTools or `node --cpu-prof`'s readers): the worker restarts with
 * its inspector open, and the profile is taken through it, so start-up and the 200 speeches are left out.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { actorClipKey, mediaUrl, Messages, Subjects } from '@lipcast/contracts';
import { runFfmpeg } from '../replicate/media.ts';
import { startReplicateStandIn } from '../replicate/stand-in.ts';
import { natsRequest } from '../lib/nats-request.ts';
import { freePort, waitFor } from '../lib/infra.ts';
import { startIsolatedStack, type Stack } from '../lib/stack.ts';

const JOBS = 200;
const DELAY_SECONDS = 20;
const TOKEN = 'r8_bench_provider_jobs';
const ACTOR = 'ipfs-puppet-video-1';
/** Tries of each job's start request. */
const START_ATTEMPTS = 3;

interface RunFigures {
  mode: Mode;
  completedSeconds: number;
  succeeded: number;
  peakRssMb: number;
  /** The worker's CPU seconds (its own and its finished children's, ffmpeg) from the jobs' start to the last one's end. */
  workerCpuSeconds: number;
  /** Start requests asked again after the service answered it was busy. */
  startRetries: number;
}

const MODES = ['park', 'hold'] as const;
type Mode = (typeof MODES)[number];

/** Peak resident memory of a process (the kernel's high-water mark), in MB. */
function peakRssMb(pid: number): number {
  const kilobytes = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kilobytes / 1024;
}

/** CPU seconds used so far by a process and its children it has waited for (utime, stime, cutime, cstime in /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

/** A CPU profiler on a process's inspector (Chrome DevTools Protocol over its WebSocket). */
interface Profiler {
  /** Stops it and answers the profile (`.cpuprofile` JSON). */
  stop(): Promise<string>;
}

/** Restarts the stack's generation worker with its inspector open on a free port, waits until it is ready, and starts profiling it. */
async function profileWorker(stack: Stack): Promise<Profiler> {
  const port = await freePort();
  await stack.stopService('generation');
  await stack.startService('generation', { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${port}`.trim() });
  await waitFor('the generation worker ready again', () => fetch(`${stack.opsUrls.generation}/readyz`).then((response) => response.ok, () => false), 60_000);
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++nextId;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 1000 });
  await send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await send('Profiler.stop')) as { profile: unknown };
      socket.close();
      return JSON.stringify(profile);
    },
  };
}

async function run(mode: Mode, cannedVideo: string): Promise<RunFigures> {
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
    const profileFolder = process.env.PROVIDER_BENCH_CPU_PROFILE;
    const profiler = profileFolder ? await profileWorker(stack) : null;
    const worker = stack.pid('generation')!;
    const startedCpu = cpuSeconds(worker);
    const started = Date.now();
    // A start the service could not take at that moment (a busy machine: 200 at once) is asked again, as a client would, and counted.
    let startRetries = 0;
    const start = async (audio: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await natsRequest(nats, Subjects.generation.lipsyncStart, { userId: user, video: mediaUrl(actorClipKey(ACTOR)), audio });
        } catch (error) {
          if (attempt >= START_ATTEMPTS || !(error instanceof Error && error.message.includes(Messages.serviceUnavailable))) throw error;
          startRetries++;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    };
    const jobs = await Promise.all(audios.map(start));
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
    if (profiler) writeFileSync(join(profileFolder!, `${mode}.cpuprofile`), await profiler.stop());
    return { mode, completedSeconds, succeeded, peakRssMb: peakRssMb(worker), workerCpuSeconds: cpuSeconds(worker) - startedCpu, startRetries };
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
    const modes = (process.env.PROVIDER_BENCH_MODES ?? MODES.join(',')).split(',').filter((mode): mode is Mode => (MODES as readonly string[]).includes(mode));
    const runs: RunFigures[] = [];
    for (const mode of modes) runs.push(await run(mode, cannedVideo));
    console.log(`\n[bench] ${JOBS} provider-bound lip-syncs on one worker (defaults), Replicate stand-in answering after D = ${DELAY_SECONDS} s`);
    for (const figures of runs) {
      const label = figures.mode === 'park' ? 'parked (PROVIDER_WAIT=park, default)' : 'held (PROVIDER_WAIT=hold, the worker polls)';
      console.log(
        `  ${label}: ${figures.succeeded}/${JOBS} succeeded in ${figures.completedSeconds.toFixed(1)} s; ` +
          `worker CPU ${figures.workerCpuSeconds.toFixed(1)} s (${(figures.workerCpuSeconds / JOBS).toFixed(2)} s per job); worker peak memory ${figures.peakRssMb.toFixed(0)} MB` +
          (figures.startRetries ? `; ${figures.startRetries} start request(s) asked again (service busy)` : ''),
      );
    }
    const parked = runs.find((figures) => figures.mode === 'park');
    const held = runs.find((figures) => figures.mode === 'hold');
    const target = DELAY_SECONDS + 30;
    if (parked) console.log(`  target: all ${JOBS} within D + 30 s = ${target} s when parked: ${parked.succeeded === JOBS && parked.completedSeconds <= target ? 'met' : 'NOT met'}`);
    if (parked && held) {
      console.log(`  speed-up parked vs held: ${(held.completedSeconds / parked.completedSeconds).toFixed(1)}x (before lanes, one worker slot held each job: at least ${JOBS} × D = ${JOBS * DELAY_SECONDS} s, computed)`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
