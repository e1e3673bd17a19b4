import { mouthTrack } from './mouth-track';

const RATE = 16_000;
const FPS = 25;

/** Samples of a tone where `loud(ms)` says so, silence elsewhere. */
function samples(durationMs: number, loud: (ms: number) => boolean): Int16Array {
  const out = new Int16Array((durationMs / 1000) * RATE);
  for (let i = 0; i < out.length; i++) out[i] = loud((i / RATE) * 1000) ? Math.round(12000 * Math.sin((2 * Math.PI * 180 * i) / RATE)) : 0;
  return out;
}

describe(mouthTrack.name, () => {
  it('gives one frame per video frame', () => {
    expect(mouthTrack({ samples: samples(1000, () => false), sampleRate: RATE, durationMs: 1000, phonemes: [] }, FPS)).toHaveLength(25);
    expect(mouthTrack({ samples: samples(1010, () => false), sampleRate: RATE, durationMs: 1010, phonemes: [] }, FPS)).toHaveLength(26);
  });

  it('keeps the mouth closed in silence', () => {
    const track = mouthTrack({ samples: samples(1000, () => false), sampleRate: RATE, durationMs: 1000, phonemes: [] }, FPS);
    expect(Math.max(...track.map((frame) => frame.open))).toBe(0);
  });

  it('opens wide on a loud "a", nearly shuts on "m", rounds on "u"', () => {
    const phonemes = [
      { text: 'ˈɑː', startMs: 0, endMs: 400 },
      { text: 'm', startMs: 400, endMs: 800 },
      { text: 'uː', startMs: 800, endMs: 1200 },
    ];
    const track = mouthTrack({ samples: samples(1200, () => true), sampleRate: RATE, durationMs: 1200, phonemes }, FPS);
    expect(track[8].open).toBeGreaterThan(0.5); // 340 ms: "a"
    expect(track[18].open).toBeLessThan(0.1); // 740 ms: "m"
    expect(track[28].width).toBeLessThan(0.35); // 1140 ms: "u"
  });

  it('follows loudness without timings, and moves smoothly', () => {
    const track = mouthTrack({ samples: samples(2000, (ms) => Math.floor(ms / 250) % 2 === 0), sampleRate: RATE, durationMs: 2000, phonemes: [] }, FPS);
    expect(track[4].open).toBeGreaterThan(0.5); // loud 0..250 ms
    expect(track[10].open).toBeLessThan(0.2); // quiet 250..500 ms, after the release (each frame shows the sound 40 ms on)
    for (let frame = 1; frame < track.length; frame++) expect(Math.abs(track[frame].open - track[frame - 1].open)).toBeLessThanOrEqual(0.65);
  });
});
