import { existsSync } from 'node:fs';
import { chooseFfmpeg, FFMPEG_MISSING, ffmpegInfo, locateFfmpeg, runFfmpeg, SYSTEM_FFMPEG } from './ffmpeg';

describe('which ffmpeg runs', () => {
  it("prefers Debian's ffmpeg, then one on PATH, else none", () => {
    expect(chooseFfmpeg(() => true, '/opt/bin')).toBe(SYSTEM_FFMPEG);
    expect(chooseFfmpeg((path) => path === '/opt/bin/ffmpeg', '/usr/local/bin:/opt/bin')).toBe('/opt/bin/ffmpeg');
    expect(chooseFfmpeg(() => false, '/usr/local/bin:/opt/bin')).toBeNull();
  });

  it('without any ffmpeg, fails saying so and naming the command that installs it', () => {
    expect(locateFfmpeg((path) => path === '/opt/bin/ffmpeg', '/opt/bin')).toBe('/opt/bin/ffmpeg');
    expect(() => locateFfmpeg(() => false, '/usr/local/bin:/opt/bin')).toThrow(FFMPEG_MISSING);
    expect(FFMPEG_MISSING).toMatch(/^ffmpeg is missing/);
    expect(FFMPEG_MISSING).toContain('sudo apt-get install -y ffmpeg');
  });

  it('tells the path and version of the ffmpeg in use', async () => {
    const info = await ffmpegInfo();
    expect(existsSync(info.path)).toBe(true);
    expect(info.version).toMatch(/^\S+$/);
    expect(info.version).not.toBe('unknown');
    if (existsSync(SYSTEM_FFMPEG)) expect(info.path).toBe(SYSTEM_FFMPEG);
  });
});

describe(runFfmpeg.name, () => {
  const RAW_GREY = ['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', '16x16', '-r', '25', '-i', 'pipe:0'];

  it('fails with the reason of an input that cannot be made, and stops ffmpeg', async () => {
    async function* framesThatFail() {
      yield Buffer.alloc(256);
      throw new Error('the frames could not be drawn');
    }
    await expect(runFfmpeg([...RAW_GREY, '-f', 'null', '-'], { input: framesThatFail() })).rejects.toThrow('the frames could not be drawn');
  });

  it('stops feeding ffmpeg once it has failed, and releases the input', async () => {
    let markReleased!: () => void;
    const released = new Promise<void>((resolve) => (markReleased = resolve));
    async function* endlessFrames() {
      try {
        for (;;) yield Buffer.alloc(256);
      } finally {
        markReleased();
      }
    }
    // An output format that does not exist: ffmpeg exits before reading much of its input.
    await expect(runFfmpeg([...RAW_GREY, '-f', 'no-such-format', '-'], { input: endlessFrames() })).rejects.toThrow(/ffmpeg exited with/);
    await released; // without it the test times out: the writer would wait for ever on a pipe nobody reads
  });
});
