import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia, runFfmpeg, stillToClip } from '@lipcast/media-tools';
import { renderPortrait } from './animation';
import { lookFromPrompt } from './look';

// Drawing and encoding take seconds on a busy machine; nothing here asserts speed.
jest.setTimeout(60_000);

describe('portraits from prompts and clips from stills', () => {
  let folder: string;
  beforeAll(async () => (folder = await mkdtemp(join(tmpdir(), 'portrait-'))));
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const frameAt = (video: string, seconds: number) =>
    runFfmpeg(['-ss', seconds.toFixed(2), '-i', video, '-frames:v', '1', '-vf', 'scale=64:72,format=gray', '-f', 'rawvideo', 'pipe:1'], { captureOutput: true });
  const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]), 0) / a.length;

  it('draws a 640x720 JPEG portrait, different for different prompts', async () => {
    const first = join(folder, 'first.jpg');
    const second = join(folder, 'second.jpg');
    await renderPortrait(lookFromPrompt('a cheerful woman with red curly hair on a beach'), first);
    await renderPortrait(lookFromPrompt('a serious bald man with glasses in an office'), second);
    expect((await probeMedia(first)).video).toMatchObject({ codec: 'mjpeg', width: 640, height: 720 });
    const [a, b] = await Promise.all([first, second].map((path) => runFfmpeg(['-i', path, '-vf', 'scale=64:72,format=gray', '-f', 'rawvideo', 'pipe:1'], { captureOutput: true })));
    expect(difference(a, b)).toBeGreaterThan(10);
  });

  it('turns a still into a clip that pushes in and comes back, so it loops', async () => {
    const image = join(folder, 'still.jpg');
    const clip = join(folder, 'clip.mp4');
    await renderPortrait(lookFromPrompt('a friendly podcast host in a studio'), image);
    await stillToClip({ image, width: 640, height: 720, fps: 25, durationSeconds: 4, out: clip });
    const info = await probeMedia(clip);
    expect(info.video).toMatchObject({ codec: 'h264', profile: 'High', pixelFormat: 'yuv420p', width: 640, height: 720 });
    expect(info.durationSeconds).toBeGreaterThan(3.8);
    expect(info.durationSeconds).toBeLessThan(4.2);
    const [start, middle, end] = await Promise.all([0, 1.96, 3.9].map((seconds) => frameAt(clip, seconds)));
    expect(difference(start, middle)).toBeGreaterThan(difference(start, end) * 2);
  });
});
