import { existsSync } from 'node:fs';
import { chooseFfmpeg, ffmpegInfo, SYSTEM_FFMPEG } from './ffmpeg';

describe('which ffmpeg runs', () => {
  it("prefers Debian's ffmpeg, then one on PATH, else none (the bundled static build)", () => {
    expect(chooseFfmpeg(() => true, '/opt/bin')).toBe(SYSTEM_FFMPEG);
    expect(chooseFfmpeg((path) => path === '/opt/bin/ffmpeg', '/usr/local/bin:/opt/bin')).toBe('/opt/bin/ffmpeg');
    expect(chooseFfmpeg(() => false, '/usr/local/bin:/opt/bin')).toBeNull();
  });

  it('tells the path and version of the ffmpeg in use', async () => {
    const info = await ffmpegInfo();
    expect(existsSync(info.path)).toBe(true);
    expect(info.version).toMatch(/^\S+$/);
    expect(info.version).not.toBe('unknown');
    if (existsSync(SYSTEM_FFMPEG)) expect(info.path).toBe(SYSTEM_FFMPEG);
  });
});
