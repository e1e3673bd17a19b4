import { parseReport } from './probe';

const REPORT = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:00:12.48, start: 0.000000, bitrate: 412 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 640x720, 280 kb/s, 25 fps, 25 tbr, 12800 tbn, 50 tbc (default)
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 22050 Hz, mono, fltp, 69 kb/s (default)
At least one output file must be specified`;

describe('probeMedia report parsing', () => {
  it('reads duration, codecs, profile, size and rate', () => {
    expect(parseReport(REPORT)).toEqual({
      durationSeconds: 12.48,
      video: { codec: 'h264', profile: 'High', pixelFormat: 'yuv420p', width: 640, height: 720, fps: 25 },
      audio: { codec: 'aac', sampleRate: 22050, channels: 1, bitRate: 69000 },
    });
  });

  it("reads the sound's channels and bit rate (broadcast sound: 48 kHz stereo, 128 kbit/s or more)", () => {
    const audioOf = (line: string) => parseReport(REPORT.replace(/Audio: .*/, `Audio: ${line}`))?.audio;
    expect(audioOf('aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 160 kb/s (default)')).toEqual({ codec: 'aac', sampleRate: 48000, channels: 2, bitRate: 160000 });
    expect(audioOf('ac3, 48000 Hz, 5.1(side), fltp, 384 kb/s')).toMatchObject({ channels: 6, bitRate: 384000 });
    expect(audioOf('pcm_s16le ([1][0][0][0] / 0x0001), 16000 Hz, 3 channels, s16')).toMatchObject({ channels: 3, bitRate: null });
  });

  it("reads the container's comment, not a stream's", () => {
    const labelled = REPORT.replace('  Duration:', '  Metadata:\n    major_brand     : isom\n    comment         : AI-generated\n  Duration:').replace(
      '(default)\n    Stream #0:1',
      '(default)\n      Metadata:\n        comment         : not the container\'s\n    Stream #0:1',
    );
    expect(parseReport(labelled)?.comment).toBe('AI-generated');
    expect(parseReport(REPORT)).not.toHaveProperty('comment');
  });

  it('gives null for what is not media', () => {
    expect(parseReport('notes.txt: Invalid data found when processing input')).toBeNull();
  });
});
