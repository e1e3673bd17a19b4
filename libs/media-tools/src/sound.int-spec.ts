import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelContainer } from './ai-label';
import { runFfmpeg } from './ffmpeg';
import { probeMedia } from './probe';
import { BROADCAST_SOUND, encodeBroadcastMp3, measureLoudness, meterLoudness } from './sound';

const SECONDS = 6;
/** The voice starts here: before it, silence (the timing the lip-sync's phonemes rely on). */
const ONSET_SECONDS = 1;

/**
 * Voiced speech, roughly: a 180 Hz voice with harmonics, syllables three times a second and phrases
 * that rise and fall (a loudness range, as speech has), silent until `ONSET_SECONDS`.
 */
const voice = (gain: number) =>
  `${gain}*(0.6*sin(2*PI*180*t)+0.3*sin(2*PI*360*t)+0.1*sin(2*PI*2500*t))*(0.55+0.45*cos(2*PI*3*t))*(0.4+0.6*abs(cos(2*PI*0.2*t)))*gte(t\\,${ONSET_SECONDS})`;
/** A click each second: peaks that a plain gain up to -14 LUFS would push over the ceiling. */
const clicks = `0.7*lt(mod(t\\,1)\\,0.003)*sin(2*PI*1000*t)*gte(t\\,${ONSET_SECONDS})`;

const SIGNALS = {
  /** A quiet recording (about -30 LUFS) with clicks: raised 16 dB, its clicks limited. */
  quiet: { expression: `${voice(0.1)}+${clicks}`, rate: 22050, layout: 'mono' },
  /** A loud one (about -11 LUFS, peaks near full scale), in stereo at 44.1 kHz: lowered. */
  loud: { expression: `${voice(0.98)}|${voice(0.9)}`, rate: 44100, layout: 'stereo' },
  /** Nothing: digital silence. */
  silent: { expression: '0', rate: 22050, layout: 'mono' },
  /** Almost nothing: a -80 dBFS hiss, not to be raised to -14 LUFS. */
  'near-silent': { expression: '0.0001*(random(0)-0.5)', rate: 22050, layout: 'mono' },
} as const;
type SignalName = keyof typeof SIGNALS;

const lavfi = (name: SignalName) => ['-f', 'lavfi', '-i', `aevalsrc='${SIGNALS[name].expression}':s=${SIGNALS[name].rate}:c=${SIGNALS[name].layout}:d=${SECONDS}`];

/** The sound as a player plays it (encoder delays skipped): 48 kHz mono samples. */
async function decoded(path: string): Promise<Int16Array> {
  const pcm = await runFfmpeg(['-i', path, '-map', '0:a:0', '-f', 's16le', '-ac', '1', '-ar', '48000', 'pipe:1'], { captureOutput: true });
  return new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.byteLength & ~1)));
}

/** Seconds until the first sample louder than -40 dBFS. */
function onsetSeconds(samples: Int16Array): number {
  return samples.findIndex((sample) => Math.abs(sample) > 328) / 48000;
}

/** The video stream's packets, hashed: equal when the video was copied, not re-encoded. */
async function videoHash(path: string): Promise<string> {
  return (await runFfmpeg(['-i', path, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', 'pipe:1'], { captureOutput: true })).toString().trim();
}

describe('broadcast-ready sound (issue 36, item 4)', () => {
  jest.setTimeout(120_000);
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sound-'));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A small video with the signal as its AAC sound, as a provider's lip-sync comes. */
  async function videoWith(name: SignalName): Promise<string> {
    const path = join(dir, `${name}-in.mp4`);
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', `color=c=0x406080:s=320x240:r=25:d=${SECONDS}`, ...lavfi(name)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-shortest', path],
    ]);
    return path;
  }

  /** What every output must be: 48 kHz stereo (a video's AAC at 128 kbit/s or more), at -14 LUFS (± 1 LU) under -1 dBTP, the voice on time, as long as before. */
  async function expectBroadcastSound(path: string, source: string, codec: string) {
    const [info, loudness, before, after] = [await probeMedia(path), await meterLoudness(path), await decoded(source), await decoded(path)];
    expect(info.audio).toMatchObject({ codec, sampleRate: BROADCAST_SOUND.sampleRate, channels: BROADCAST_SOUND.channels });
    if (codec === 'aac') expect(info.audio!.bitRate).toBeGreaterThanOrEqual(BROADCAST_SOUND.minBitRate);
    expect(Math.abs(loudness.integrated - BROADCAST_SOUND.loudnessLufs)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(BROADCAST_SOUND.truePeakDbtp);
    expect(Math.abs(after.length - before.length) / 48000).toBeLessThan(0.03);
    expect(Math.abs(onsetSeconds(after) - onsetSeconds(before))).toBeLessThan(0.005);
    expect(onsetSeconds(after)).toBeCloseTo(ONSET_SECONDS, 2);
  }

  it('the signals are what they claim: about -30 LUFS and about -11 LUFS', async () => {
    const [quiet, loud] = [await measureLoudness(await videoWith('quiet')), await measureLoudness(await videoWith('loud'))];
    expect(quiet.integrated).toBeGreaterThan(-32);
    expect(quiet.integrated).toBeLessThan(-28);
    expect(loud.integrated).toBeGreaterThan(-12);
    expect(loud.integrated).toBeLessThan(-9);
  });

  it.each(['quiet', 'loud'] as const)("a video's %s sound: broadcast-ready and labelled in one run, its video copied", async (name) => {
    const source = await videoWith(name);
    const out = join(dir, `${name}-labelled.mp4`);
    await labelContainer(source, out, 'AI-generated', undefined, { broadcastSound: true });
    await expectBroadcastSound(out, source, 'aac');
    expect((await probeMedia(out)).comment).toBe('AI-generated');
    expect(await videoHash(out)).toBe(await videoHash(source));
  });

  it.each(['quiet', 'loud'] as const)('%s speech as an MP3: the same sound, from a file or from raw samples', async (name) => {
    const source = join(dir, `${name}.wav`);
    await runFfmpeg([...lavfi(name), source]);
    const fromFile = join(dir, `${name}.mp3`);
    await encodeBroadcastMp3(source, fromFile);
    await expectBroadcastSound(fromFile, source, 'mp3');
    if (SIGNALS[name].layout !== 'mono') return;
    // The embedded speech engine's samples: 16-bit mono, piped.
    const pcm = await runFfmpeg([...lavfi(name), '-f', 's16le', 'pipe:1'], { captureOutput: true });
    const fromSamples = join(dir, `${name}-samples.mp3`);
    await encodeBroadcastMp3({ pcm, sampleRate: SIGNALS[name].rate }, fromSamples);
    await expectBroadcastSound(fromSamples, source, 'mp3');
  });

  it.each(['silent', 'near-silent'] as const)('%s sound is resampled and encoded, not raised, and does not fail', async (name) => {
    const source = await videoWith(name);
    const out = join(dir, `${name}-labelled.mp4`);
    await labelContainer(source, out, 'AI-generated', undefined, { broadcastSound: true });
    expect((await probeMedia(out)).audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
    expect(Math.abs((await decoded(out)).length - (await decoded(source)).length) / 48000).toBeLessThan(0.03);
    expect((await meterLoudness(out)).integrated).toBeLessThan(-60);
    const mp3 = join(dir, `${name}.mp3`);
    await encodeBroadcastMp3(source, mp3);
    expect((await probeMedia(mp3)).audio).toMatchObject({ codec: 'mp3', sampleRate: 48000, channels: 2 });
  });

  it('a video without sound is labelled only', async () => {
    const source = join(dir, 'mute.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', `color=c=0x406080:s=320x240:r=25:d=2`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', source]);
    const out = join(dir, 'mute-labelled.mp4');
    await labelContainer(source, out, 'AI-generated', undefined, { broadcastSound: true });
    expect(await probeMedia(out)).toMatchObject({ audio: null, comment: 'AI-generated' });
  });
});
