import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { probeMedia, runFfmpeg, stillToClip } from '@lipcast/media-tools';
import { encodeWav } from '../speech/audio-file';
import { synthesizeSpeech } from '../speech/synthesizer';
import { findMouth } from '../faces/face-landmarks';
import { mouthTrack } from './mouth-track';
import { findMouthsWhereNeeded, FPS, HEIGHT, NoFaceError, renderPhotoTalkingClip, sampleMouths, WIDTH } from './photo-lipsync';

jest.setTimeout(60_000);

describe('lip-sync of a real face (face landmarks, offline)', () => {
  let folder: string;
  let photo: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'photo-lipsync-'));
    photo = join(folder, 'photo.jpg');
    // A real face: the second portrait of the sample sheet that ships with the landmark package.
    const sheet = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
    await runFfmpeg(['-i', sheet, '-vf', 'crop=118:128:130:0,scale=640:720', '-q:v', '3', photo]);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const region = (video: string, seconds: number, crop: string) =>
    runFfmpeg(['-ss', seconds.toFixed(2), '-i', video, '-frames:v', '1', '-vf', `crop=${crop},format=gray`, '-f', 'rawvideo', 'pipe:1'], { captureOutput: true });
  const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]), 0) / a.length;

  it('finds the mouth and moves only it, in time with the speech', async () => {
    const mouths = await sampleMouths(photo, true);
    const [mouth] = mouths.samples;
    expect(mouth.width).toBeGreaterThan(20);
    expect(mouth.y).toBeGreaterThan(200);
    expect(mouth.y).toBeLessThan(600);

    const speech = await synthesizeSpeech({ text: 'Papa, mama, banana! Wow, open wide.', voiceId: 'Calm_Woman' });
    const audio = join(folder, 'speech.wav');
    await writeFile(audio, encodeWav(speech));
    const out = join(folder, 'talking.mp4');
    await renderPhotoTalkingClip(photo, mouthTrack(speech, FPS), audio, out, { isImage: true, mouths });
    const info = await probeMedia(out);
    expect(info.video).toMatchObject({ codec: 'h264', width: 640, height: 720 });
    expect(Math.abs(info.durationSeconds - speech.durationMs / 1000)).toBeLessThan(0.2);

    const size = Math.round(mouth.width * 1.2);
    const around = (centreX: number, centreY: number) => `${size}:${size}:${Math.round(Math.min(640 - size, Math.max(0, centreX - size / 2)))}:${Math.round(Math.min(720 - size, Math.max(0, centreY - size / 2)))}`;
    const mouthCrop = around(mouth.x, mouth.y + size / 4);
    const foreheadCrop = around(mouth.x, mouth.y - 2.2 * mouth.width);
    const times = [0.3, 0.7, 1.1, 1.5, 1.9];
    const mouthFrames = await Promise.all(times.map((t) => region(out, t, mouthCrop)));
    const foreheadFrames = await Promise.all(times.map((t) => region(out, t, foreheadCrop)));
    const mouthChange = Math.max(...mouthFrames.slice(1).map((frame, index) => difference(frame, mouthFrames[index])));
    const foreheadChange = Math.max(...foreheadFrames.slice(1).map((frame, index) => difference(frame, foreheadFrames[index])));
    expect(mouthChange).toBeGreaterThan(4);
    expect(foreheadChange).toBeLessThan(1.5);
  });

  it('skips the landmark model where the face moves steadily and still places the mouth within 5 px of finding it on every sample', async () => {
    const clip = join(folder, 'zoom.mp4');
    await stillToClip({ image: photo, width: WIDTH, height: HEIGHT, fps: FPS, durationSeconds: 10, out: clip });
    const raw = await runFfmpeg(['-i', clip, '-vf', "select='not(mod(n\\,12))'", '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { captureOutput: true });
    const frameBytes = WIDTH * HEIGHT * 3;
    const frames = Array.from({ length: raw.length / frameBytes }, (_, index) => raw.subarray(index * frameBytes, (index + 1) * frameBytes));
    const everyFrame = [];
    for (const frame of frames) everyFrame.push(await findMouth(frame, WIDTH, HEIGHT));
    let looked = 0;
    const whereNeeded = await findMouthsWhereNeeded(
      (async function* () {
        yield* frames;
      })(),
      (frame) => (looked++, findMouth(frame, WIDTH, HEIGHT)),
    );
    expect(looked).toBeLessThan(frames.length);
    expect(whereNeeded).toHaveLength(frames.length);
    everyFrame.forEach((full, index) => {
      const found = whereNeeded[index]!;
      for (const key of ['x', 'y', 'width', 'chinDrop'] as const) expect(Math.abs(found[key] - full![key])).toBeLessThanOrEqual(5);
    });
  });

  it('says so when there is no face', async () => {
    const blank = join(folder, 'blank.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x88aacc:s=640x720', '-frames:v', '1', blank]);
    await expect(sampleMouths(blank, true)).rejects.toBeInstanceOf(NoFaceError);
  });

  /** A clip of `seconds` with no face in it, and a silent track as long. */
  async function faceless(seconds: number) {
    const clip = join(folder, `faceless-${seconds}.mp4`);
    await runFfmpeg(['-f', 'lavfi', '-i', `testsrc=s=640x720:r=25:d=${seconds}`, '-pix_fmt', 'yuv420p', clip]);
    const audio = join(folder, `silence-${seconds}.wav`);
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', String(seconds), audio]);
    const track = Array.from({ length: seconds * FPS }, () => ({ open: 0.5, width: 0.5 }));
    return { clip, audio, track };
  }

  it('stops rendering a clip when its landmark pass finds no face, and leaves no video', async () => {
    const { clip, audio, track } = await faceless(6);
    const out = join(folder, 'no-face.mp4');
    await expect(renderPhotoTalkingClip(clip, track, audio, out, { isImage: false })).rejects.toBeInstanceOf(NoFaceError);
    await expect(access(out)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops both passes when cancelled while the landmarks are still being found, with the reason given', async () => {
    const clip = join(folder, 'cancelled-source.mp4');
    await stillToClip({ image: photo, width: WIDTH, height: HEIGHT, fps: FPS, durationSeconds: 12, out: clip });
    const audio = join(folder, 'cancelled-silence.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '12', audio]);
    const track = Array.from({ length: 12 * FPS }, () => ({ open: 0.5, width: 0.5 }));
    const controller = new AbortController();
    const reason = new Error('cancelled by the user');
    const out = join(folder, 'cancelled.mp4');
    // A second into the video: the encoder has begun writing it, and the model is on the clip's later samples.
    const onProgress = (fraction: number) => fraction > 0.3 && controller.abort(reason);
    const rendering = renderPhotoTalkingClip(clip, track, audio, out, { isImage: false, signal: controller.signal, onProgress });
    await expect(rendering).rejects.toBe(reason);
    await expect(access(out)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
