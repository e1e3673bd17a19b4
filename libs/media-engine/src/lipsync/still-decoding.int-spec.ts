import childProcess from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia, runFfmpeg, stillToClip } from '@lipcast/media-tools';
import { renderPhotoTalkingClip } from './photo-lipsync';

jest.setTimeout(60_000);

/**
 * A still is decoded once, never once per output frame: every ffmpeg run that reads the picture
 * either only probes it (no output) or decodes one frame (`-frames:v 1`); none loops it.
 */
describe('a still picture is decoded once', () => {
  let folder: string;
  let photo: string;
  const runs: string[][] = [];
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'still-decoding-'));
    photo = join(folder, 'photo.jpg');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=s=800x900', '-frames:v', '1', photo]);
    // Watches (and passes on) every process the engine starts.
    const spawn = childProcess.spawn;
    jest.spyOn(childProcess, 'spawn').mockImplementation(((command: string, args: readonly string[], options: childProcess.SpawnOptions) => {
      runs.push([...args]);
      return spawn(command, args, options);
    }) as typeof childProcess.spawn);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(() => runs.splice(0));

  const readersOfPhoto = () => runs.filter((args) => args[args.indexOf('-i') + 1] === photo);
  const decodesOneFrameOrProbes = (args: string[]) => !args.includes('-loop') && (args.join(' ').includes('-frames:v 1') || args.at(-2) === '-i');

  it('when a still becomes a clip', async () => {
    const out = join(folder, 'clip.mp4');
    await stillToClip({ image: photo, width: 640, height: 720, fps: 25, durationSeconds: 4, out });
    expect((await probeMedia(out)).video).toMatchObject({ width: 640, height: 720 });
    expect(readersOfPhoto().length).toBeGreaterThan(0);
    expect(readersOfPhoto().filter((args) => !decodesOneFrameOrProbes(args))).toEqual([]);
  });

  it('when a photo speaks', async () => {
    const audio = join(folder, 'tone.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=f=220:r=16000', '-t', '2', audio]);
    const out = join(folder, 'talking.mp4');
    const track = Array.from({ length: 50 }, (_, index) => ({ open: index % 10 < 5 ? 0.8 : 0.1, width: 0.5 }));
    const mouths = { version: 1 as const, sampleEvery: 12, period: 1, samples: [{ x: 320, y: 450, width: 80, chinDrop: 60 }] };
    await renderPhotoTalkingClip(photo, track, audio, out, { isImage: true, mouths });
    const info = await probeMedia(out);
    expect(info.video).toMatchObject({ width: 640, height: 720 });
    expect(Math.abs(info.durationSeconds - 2)).toBeLessThan(0.1);
    expect(readersOfPhoto().length).toBeGreaterThan(0);
    expect(readersOfPhoto().filter((args) => !decodesOneFrameOrProbes(args))).toEqual([]);
  });
});
