/**
 * `node dist/bench.js` (run by `npm run bench` with a private NATS in NATS_URL): the embedded
 * engine's and the job queue's figures, printed as one JSON line for the bench driver.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { CREATOR_CLIP_SECONDS, PORTRAIT_SIZE } from '@lipcast/contracts';
import {
  analyseFaces,
  BUILT_IN_ACTORS,
  encodeMp3,
  encodeWav,
  findMouths,
  FOOTAGE_ENCODING,
  FPS,
  makeFaceClip,
  mouthTrack,
  PHOTO_CLIP_PRESET,
  renderPhotoTalkingClip,
  renderTalkingClip,
  sampleMouths,
  synthesizeSpeech,
  type SampledMouths,
} from '@lipcast/media-engine';
import { encodeVideo, runFfmpeg, stillToClip } from '@lipcast/media-tools';
import { JOB_STREAM, JobQueue } from './jobs/job-queue';
import { captionedVerticalFigures, FORTY_WORDS, median, seconds, timed, writeSamplePhoto, type RenderFigure, type Timing } from './bench-captions';
import { syncScoreFigures } from './bench-sync';

const CLIP_SECONDS = 15;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function speechSeconds(): Promise<number> {
  const runs: number[] = [];
  for (let run = 0; run < 4; run++) {
    const start = process.hrtime.bigint();
    await encodeMp3(await synthesizeSpeech({ text: FORTY_WORDS, voiceId: 'Friendly_Person' }));
    if (run > 0) runs.push(seconds(start)); // the first run loads the engine
  }
  return median(runs);
}

async function lipSyncFigures(folder: string) {
  const speech = await synthesizeSpeech({ text: `${FORTY_WORDS} ${FORTY_WORDS}`, voiceId: 'Casual_Guy' });
  const audioPath = join(folder, 'speech.wav');
  await writeFile(audioPath, encodeWav(speech));
  const mouths = mouthTrack(speech, FPS, CLIP_SECONDS * 1000);

  const render = (await timed(() => renderTalkingClip(BUILT_IN_ACTORS[0].look, mouths, audioPath, join(folder, 'talking.mp4')))).wall;

  // The floor: the same number of frames and the same encoder settings, with nothing drawn.
  const blank = Buffer.alloc(PORTRAIT_SIZE.width * PORTRAIT_SIZE.height * 3, 90);
  async function* frames() {
    for (let index = 0; index < mouths.length; index++) yield Buffer.from(blank);
  }
  const floor = (await timed(() => encodeVideo({ frames: frames(), ...PORTRAIT_SIZE, fps: FPS, durationSeconds: CLIP_SECONDS, audioPath, out: join(folder, 'floor.mp4') }))).wall;
  return { renderRealTimeFactor: render / CLIP_SECONDS, floorRealTimeFactor: floor / CLIP_SECONDS, ratio: render / floor };
}

/** A real face (the landmark package's sample photo, as a 20 s zooming clip) speaking 15 s: with landmark detection, and with them cached. */
async function photoLipSyncFigures(folder: string) {
  const photo = join(folder, 'photo.jpg');
  await writeSamplePhoto(photo, 640, 720);
  const clip = join(folder, 'photo-clip.mp4');
  await stillToClip({ image: photo, ...PORTRAIT_SIZE, fps: FPS, durationSeconds: CREATOR_CLIP_SECONDS, out: clip });
  const speech = await synthesizeSpeech({ text: `${FORTY_WORDS} ${FORTY_WORDS}`, voiceId: 'Calm_Woman' });
  const audioPath = join(folder, 'photo-speech.wav');
  await writeFile(audioPath, encodeWav(speech));
  const track = mouthTrack(speech, FPS, CLIP_SECONDS * 1000);
  await sampleMouths(photo, true); // loads the model once, outside the timing
  // The median of three runs each: the machine is shared, so one run says little.
  const first: number[] = [];
  const cached: number[] = [];
  const detection: number[] = [];
  const encoding: number[] = [];
  const vertical: number[] = [];
  // Where the time goes: the encoder alone on as many undrawn frames with the same preset and the same
  // yuv420p frames the lip-sync pipes to it.
  const blank = Buffer.alloc((PORTRAIT_SIZE.width * PORTRAIT_SIZE.height * 3) / 2, 90);
  async function* undrawn() {
    for (let index = 0; index < track.length; index++) yield Buffer.from(blank);
  }
  for (let run = 0; run < 3; run++) {
    let mouths: SampledMouths | undefined;
    first.push((await timed(async () => (mouths = await renderPhotoTalkingClip(clip, track, audioPath, join(folder, 'photo-1.mp4'), { isImage: false })))).wall);
    cached.push((await timed(() => renderPhotoTalkingClip(clip, track, audioPath, join(folder, 'photo-2.mp4'), { isImage: false, mouths }))).wall);
    detection.push((await timed(() => sampleMouths(clip, false))).wall);
    encoding.push((await timed(() => encodeVideo({ frames: undrawn(), pixelFormat: 'yuv420p', ...PORTRAIT_SIZE, fps: FPS, durationSeconds: CLIP_SECONDS, audioPath, out: join(folder, 'photo-floor.mp4'), preset: PHOTO_CLIP_PRESET }))).wall);
    // The same clip framed in 9:16 at 1080p (the face found in its frame, the fill in the encoder's pass).
    vertical.push((await timed(() => renderPhotoTalkingClip(clip, track, audioPath, join(folder, 'photo-9x16.mp4'), { isImage: false, format: '9x16-1080p' }))).wall);
  }
  return {
    firstRealTimeFactor: median(first) / CLIP_SECONDS,
    cachedRealTimeFactor: median(cached) / CLIP_SECONDS,
    vertical1080pRealTimeFactor: median(vertical) / CLIP_SECONDS,
    seconds: { landmarks: median(detection), encoder: median(encoding), decodeAndComposite: median(cached) - median(encoding) },
  };
}

/** Speech length and clip length of the footage figure: the clip is shorter, so it plays forward and backward (ping-pong). */
const FOOTAGE_SPEECH_SECONDS = 10;
const FOOTAGE_CLIP_SECONDS = 6;

/**
 * A creator's own 720p clip (the face fixture's: 1280x720, 25 fps, the head swaying) speaking 10 s
 * in footage mode, at its own size and frame rate, median of 3: the upload's face check (preflight);
 * its preparation right after the upload (the landmarks found once per actor, `findMouths`); a render
 * of the prepared actor (every render of it); and a render that finds the landmarks itself (one that
 * starts before the preparation ends). Where the time goes: the encoder alone on the clip's own
 * frames (same settings).
 */
async function footageLipSyncFigures(folder: string) {
  const clip = await makeFaceClip(folder, { width: 1280, height: 720, fps: FPS, seconds: FOOTAGE_CLIP_SECONDS });
  const speech = await synthesizeSpeech({ text: FORTY_WORDS, voiceId: 'Casual_Guy' });
  const audioPath = join(folder, 'footage-speech.wav');
  await writeFile(audioPath, encodeWav(speech));
  const track = mouthTrack(speech, FPS, FOOTAGE_SPEECH_SECONDS * 1000);
  await sampleMouths(clip, false); // loads the model once, outside the timing
  const frameBytes = (1280 * 720 * 3) / 2;
  const decoded = await runFfmpeg(['-i', clip, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'], { captureOutput: true });
  const clipFrames = Array.from({ length: decoded.length / frameBytes }, (_, index) => decoded.subarray(index * frameBytes, (index + 1) * frameBytes));
  async function* clipOnly() {
    for (let index = 0; index < track.length; index++) yield clipFrames[index % clipFrames.length];
  }
  const runs = { preflight: [] as Timing[], preparation: [] as Timing[], prepared: [] as Timing[], unprepared: [] as Timing[], encoder: [] as Timing[] };
  for (let run = 0; run < 3; run++) {
    runs.preflight.push(await timed(() => analyseFaces(clip, { isImage: false })));
    let mouths: SampledMouths | undefined;
    runs.preparation.push(await timed(async () => (mouths = await findMouths(clip, { isImage: false, footage: true }))));
    runs.prepared.push(await timed(() => renderPhotoTalkingClip(clip, track, audioPath, join(folder, 'footage-1.mp4'), { isImage: false, footage: true, mouths })));
    runs.unprepared.push(await timed(() => renderPhotoTalkingClip(clip, track, audioPath, join(folder, 'footage-2.mp4'), { isImage: false, footage: true })));
    const floor = { frames: clipOnly(), pixelFormat: 'yuv420p' as const, width: 1280, height: 720, fps: FPS, durationSeconds: FOOTAGE_SPEECH_SECONDS, audioPath, out: join(folder, 'footage-floor.mp4') };
    runs.encoder.push(await timed(() => encodeVideo({ ...floor, ...FOOTAGE_ENCODING })));
  }
  const wall = (timings: Timing[]) => median(timings.map((timing) => timing.wall));
  const figure = (timings: Timing[]): RenderFigure => ({ realTimeFactor: wall(timings) / FOOTAGE_SPEECH_SECONDS, cpuPerSecond: median(timings.map((timing) => timing.cpu)) / FOOTAGE_SPEECH_SECONDS });
  return {
    speechSeconds: FOOTAGE_SPEECH_SECONDS,
    clipSeconds: FOOTAGE_CLIP_SECONDS,
    prepared: figure(runs.prepared),
    unprepared: figure(runs.unprepared),
    seconds: {
      preflight: wall(runs.preflight),
      preparation: wall(runs.preparation),
      encoder: wall(runs.encoder),
      decodeAndComposite: wall(runs.prepared) - wall(runs.encoder),
      landmarksAdded: wall(runs.unprepared) - wall(runs.prepared),
    },
  };
}

/** Enqueue → start latency (one job at a time) and the rate of draining 1,000 queued no-op jobs. */
async function queueFigures(natsUrl: string, workers: number) {
  const connections = await Promise.all(Array.from({ length: workers + 1 }, () => connect({ servers: natsUrl })));
  await jetstreamManager(connections[0]).then((manager) => manager.streams.delete(JOB_STREAM)).catch(() => undefined);
  const options = { ackWaitMs: 30_000, maxDeliveries: 3, replicas: 1 };
  const producer = new JobQueue(connections[0], options);
  await producer.ensure();
  const queues = connections.slice(1).map((connection) => new JobQueue(connection, options));
  const enqueuedAt = new Map<string, bigint>();
  const latencies: number[] = [];
  let started = 0;
  let onStart: () => void = () => undefined;
  const consuming = queues.map((queue) =>
    queue.consume('cpu', 1, async (job) => {
      const at = enqueuedAt.get(job.jobId);
      if (at) latencies.push(seconds(at) * 1000);
      started++;
      job.done();
      onStart();
    }),
  );
  const waitFor = (count: number) => new Promise<void>((resolve) => (onStart = () => started >= count && resolve()));

  for (let index = 0; index < 200; index++) {
    const jobId = `latency-${workers}-${index}`;
    const done = waitFor(started + 1);
    enqueuedAt.set(jobId, process.hrtime.bigint());
    await producer.enqueue(jobId, 'cpu');
    await done;
  }
  const latency = { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };

  enqueuedAt.clear();
  const target = started + 1000;
  const drained = waitFor(target);
  const start = process.hrtime.bigint();
  for (let index = 0; index < 1000; index++) await producer.enqueue(`drain-${workers}-${index}`, 'cpu');
  await drained;
  const jobsPerSecond = 1000 / seconds(start);

  await Promise.all(queues.map((queue) => queue.stop()));
  await Promise.all(consuming);
  await Promise.all(connections.map((connection) => connection.close()));
  return { workers, latencyMs: latency, jobsPerSecond };
}

async function main(): Promise<void> {
  const natsUrl = process.env.NATS_URL;
  if (!natsUrl) throw new Error('NATS_URL must point at a NATS server for this benchmark only (its job stream is reset)');
  const folder = await mkdtemp(join(tmpdir(), 'lipcast-bench-'));
  try {
    const figures = {
      speechSeconds: await speechSeconds(),
      lipSync: await lipSyncFigures(folder),
      photoLipSync: await photoLipSyncFigures(folder),
      footageLipSync: await footageLipSyncFigures(folder),
      captionedVertical: await captionedVerticalFigures(folder),
      syncScore: await syncScoreFigures(folder),
      queue: [await queueFigures(natsUrl, 1), await queueFigures(natsUrl, 2)],
    };
    console.log(JSON.stringify(figures));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
