import { estimateSync, framesOnGrid, mouthPatch, openingsOf, speechEnvelope, STEP_MS } from './sync-score';

/** A deterministic pseudo-random sequence (the same every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/**
 * Speech-like loudness every millisecond for `seconds`: syllables of 120-300 ms at random, with
 * pauses, each a smooth bump; the same with another seed is another sentence.
 */
function syllables(seconds: number, seed: number): Float64Array {
  const next = random(seed);
  const loudness = new Float64Array(seconds * 1000);
  for (let at = 200; at < loudness.length - 400; ) {
    const length = 120 + next() * 180;
    const peak = 0.4 + next() * 0.6;
    for (let t = 0; t < length; t++) loudness[Math.round(at + t)] += peak * Math.sin((Math.PI * t) / length) ** 2;
    at += length + (next() < 0.15 ? 300 + next() * 300 : 20 + next() * 60);
  }
  return loudness;
}

/** `loudness` (per ms) as 16 kHz samples: a 150 Hz tone at that amplitude. */
function speechSamples(loudness: Float64Array): Float32Array {
  const samples = new Float32Array(loudness.length * 16);
  samples.forEach((_, index) => (samples[index] = loudness[Math.floor(index / 16)] * Math.sin((2 * Math.PI * 150 * index) / 16000)));
  return samples;
}

/** The mouth's opening per frame at `fps`: the loudness at each frame's middle `leadMs` later (the mouth shapes a sound as it starts), plus noise. */
function openings(loudness: Float64Array, fps: number, leadMs: number, noise: () => number): number[] {
  const frames = Math.floor((loudness.length / 1000) * fps);
  return Array.from({ length: frames }, (_, frame) => {
    const at = Math.round(((frame + 0.5) / fps) * 1000 + leadMs);
    return (loudness[Math.min(loudness.length - 1, Math.max(0, at))] ?? 0) + 0.1 * noise();
  });
}

/** The same loudness with the sound `shiftMs` later (silence before it). */
function delayed(loudness: Float64Array, shiftMs: number): Float64Array {
  return loudness.map((_, index) => loudness[index - shiftMs] ?? 0);
}

describe('lip-sync score', () => {
  const speech = syllables(12, 7);

  it('finds the sound in time with the mouth: offset 0, confidence high', () => {
    const score = estimateSync(openings(speech, 25, 0, random(1)), 25, speechEnvelope(speechSamples(speech), 16000));
    expect(Math.abs(score.offsetMs)).toBeLessThanOrEqual(10);
    expect(score.confidence).toBeGreaterThan(0.8);
  });

  it.each([-240, -120, -40, 40, 120, 240])('finds the sound moved by %i ms within 15 ms, at 25 and 30 fps', (shift) => {
    for (const fps of [25, 30]) {
      const score = estimateSync(openings(speech, fps, 0, random(2)), fps, speechEnvelope(speechSamples(delayed(speech, shift)), 16000));
      expect(Math.abs(score.offsetMs - shift)).toBeLessThanOrEqual(15);
      expect(score.confidence).toBeGreaterThan(0.7);
    }
  });

  it('has low confidence when the sound is another sentence', () => {
    const other = syllables(12, 99);
    const score = estimateSync(openings(speech, 25, 0, random(3)), 25, speechEnvelope(speechSamples(other), 16000));
    expect(score.confidence).toBeLessThan(0.35);
  });

  it('has none when the mouth never moves (a looped still)', () => {
    const still = new Array(300).fill(40);
    expect(estimateSync(still, 25, speechEnvelope(speechSamples(speech), 16000))).toEqual({ offsetMs: expect.any(Number), confidence: 0 });
  });

  it('puts per-frame values on the grid between frame centres', () => {
    const grid = framesOnGrid([0, 10], 25, 8);
    // Frame 0's centre is at 20 ms, frame 1's at 60 ms: the grid (every 10 ms) rises between them.
    expect(Array.from(grid)).toEqual([0, 0, 0, 2.5, 5, 7.5, 10, 10]);
    expect(STEP_MS).toBe(10);
  });

  it("reads the mouth as its distance from its usual look, whatever the box's size or the opening's colour", () => {
    const [width, height] = [64, 48];
    /** A frame of skin (150) with an opening of `value` luma, `rows` high, in the box's middle. */
    const frame = (rows: number, value: number) => {
      const luma = Buffer.alloc(width * height, 150);
      for (let y = 20; y < 20 + rows; y++) for (let x = 20; x < 44; x++) luma[y * width + x] = value;
      return luma;
    };
    const box = { left: 16, top: 16, right: 48, bottom: 40 };
    // Mostly closed; opening dark, then bright (teeth): both read as open, wider more.
    const patches = [0, 0, 0, 4, 8, 0, 0, 8].map((rows, index) => mouthPatch(frame(rows, index === 7 ? 250 : 30), width, box));
    const openings = openingsOf(patches);
    expect(openings.slice(0, 3)).toEqual([0, 0, 0]);
    expect(openings[4]).toBeGreaterThan(openings[3]);
    expect(openings[3]).toBeGreaterThan(0);
    expect(openings[7]).toBeGreaterThan(openings[3]);
    // A box past the frame's edge reads the nearest pixels.
    expect(mouthPatch(frame(0, 0), width, { left: 50, top: 40, right: 80, bottom: 60 })).toHaveLength(24 * 16);
  });
});
