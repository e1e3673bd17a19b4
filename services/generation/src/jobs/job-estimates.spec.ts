import { DEFAULT_VIDEO_FORMAT } from '@lipcast/contracts';
import { expectedOutputSeconds, JobEstimator, jobFormat, priorFactor, queueFinishTimes, TYPICAL_OUTPUT_SECONDS, type RealTimeFactorKey } from './job-estimates';

/** A clock the test moves by hand. */
function fakeClock(start = Date.parse('2026-11-26T12:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

const embeddedLipSync: RealTimeFactorKey = { kind: 'lipsync', provider: 'embedded', format: DEFAULT_VIDEO_FORMAT };
const speech = (text: string) => ({ videoKey: 'v', audioKey: 'a', speech: { text, voice_id: 'Calm_Woman' } });

describe(JobEstimator.name, () => {
  it('starts from the prior of the kind and provider, per format', () => {
    const estimator = new JobEstimator(fakeClock().now);
    expect(estimator.factor(embeddedLipSync)).toBe(priorFactor(embeddedLipSync));
    expect(estimator.factor({ kind: 'lipsync', provider: 'replicate', format: DEFAULT_VIDEO_FORMAT })).toBeGreaterThan(estimator.factor(embeddedLipSync));
    expect(estimator.figure(embeddedLipSync)).toBeNull();
  });

  it('replaces the prior with the first measurement, then moves by at least the smoothing weight, stamped by the clock', () => {
    const clock = fakeClock();
    const estimator = new JobEstimator(clock.now);
    const first = estimator.record(embeddedLipSync, 20, 10)!;
    expect(first).toMatchObject({ factor: 2, outputSeconds: 10, samples: 1, updatedAt: new Date(clock.now()) });
    clock.advance(60);
    const second = estimator.record(embeddedLipSync, 40, 10)!; // measured 4: half-way (weight 1/2) from 2
    expect(second).toMatchObject({ factor: 3, samples: 2, updatedAt: new Date(clock.now()) });
    estimator.record(embeddedLipSync, 30, 10); // 3 again: stays 3
    expect(estimator.factor(embeddedLipSync)).toBeCloseTo(3);
    for (let run = 0; run < 10; run++) estimator.record(embeddedLipSync, 10, 10);
    // Ten runs at 1: far nearer 1 than 3, and not exactly 1 (a moving figure, not the last one).
    expect(estimator.factor(embeddedLipSync)).toBeGreaterThan(1);
    expect(estimator.factor(embeddedLipSync)).toBeLessThan(1.1);
  });

  it('keeps one figure per kind, provider and format, and ignores measurements that say nothing', () => {
    const estimator = new JobEstimator(fakeClock().now);
    const vertical = { ...embeddedLipSync, format: '9x16-1080p' };
    estimator.record(vertical, 50, 10);
    expect(estimator.factor(vertical)).toBe(5);
    expect(estimator.factor(embeddedLipSync)).toBe(priorFactor(embeddedLipSync));
    expect(estimator.record(embeddedLipSync, 10, 0)).toBeNull();
    expect(estimator.record(embeddedLipSync, Number.NaN, 5)).toBeNull();
    expect(estimator.figure(embeddedLipSync)).toBeNull();
  });

  it('starts from stored figures (a restart keeps what was measured)', () => {
    const stored = { ...embeddedLipSync, factor: 0.8, outputSeconds: 12, samples: 40, updatedAt: new Date(0) };
    const estimator = new JobEstimator(fakeClock().now, [stored]);
    expect(estimator.factor(embeddedLipSync)).toBe(0.8);
    // A lip-sync of an uploaded audio (length unknown up front) is assumed as long as the videos made so far.
    expect(estimator.expectedSeconds(embeddedLipSync, { kind: 'lipsync', input: { videoKey: 'v', audioKey: 'a' } })).toBeCloseTo(9.6);
    expect(new JobEstimator(fakeClock().now).expectedSeconds(embeddedLipSync, { kind: 'lipsync', input: {} })).toBeCloseTo(TYPICAL_OUTPUT_SECONDS * priorFactor(embeddedLipSync));
  });

  it("expects a script's speech length × the factor", () => {
    const estimator = new JobEstimator(fakeClock().now, [{ ...embeddedLipSync, factor: 2, outputSeconds: 5, samples: 3, updatedAt: new Date(0) }]);
    // 11 words: 11 / 2.2 + 1 = 6 s of speech.
    expect(estimator.expectedSeconds(embeddedLipSync, { kind: 'lipsync', input: speech('one two three four five six seven eight nine ten eleven') })).toBeCloseTo(12);
  });

  it('narrows the time left of a running job with its real progress', () => {
    const clock = fakeClock();
    const estimator = new JobEstimator(clock.now, [{ ...embeddedLipSync, factor: 2, outputSeconds: 10, samples: 3, updatedAt: new Date(0) }]);
    const startedAt = new Date(clock.now());
    const job = { kind: 'lipsync' as const, input: { videoKey: 'v', audioKey: 'a' }, startedAt };
    expect(estimator.remainingSeconds(embeddedLipSync, { ...job, progress: 0 })).toBe(20);
    clock.advance(5);
    // 5 s in, no progress yet: the factor's 15 s.
    expect(estimator.remainingSeconds(embeddedLipSync, { ...job, progress: 0 })).toBe(15);
    clock.advance(5);
    // 10 s in at 80 %: progress says 2.5 s, the factor 10 s; blended 0.8 × 2.5 + 0.2 × 10 = 4.
    expect(estimator.remainingSeconds(embeddedLipSync, { ...job, progress: 80 })).toBeCloseTo(4);
    clock.advance(30);
    // Slower than the factor said (40 s in at 80 %): never a negative or zero time, progress dominates.
    expect(estimator.remainingSeconds(embeddedLipSync, { ...job, progress: 80 })).toBeCloseTo(0.8 * 10 + 0.2 * 0.4);
  });
});

describe(queueFinishTimes.name, () => {
  it('adds up the jobs ahead one after another with one slot', () => {
    expect(queueFinishTimes([10, 10, 10], [4], 1)).toEqual([14, 24, 34]);
  });

  it('spreads the jobs ahead over the lane concurrency', () => {
    expect(queueFinishTimes([10, 10, 10, 10], [], 2)).toEqual([10, 10, 20, 20]);
    expect(queueFinishTimes([10], [3, 8], 2)).toEqual([13]);
  });
});

describe('job inputs', () => {
  it('names the format of a job, or the default', () => {
    expect(jobFormat({ format: '9x16-1080p' })).toBe('9x16-1080p');
    expect(jobFormat({})).toBe(DEFAULT_VIDEO_FORMAT);
    expect(jobFormat(null)).toBe(DEFAULT_VIDEO_FORMAT);
  });

  it("knows a video's length from its script or clip, not from an uploaded audio", () => {
    expect(expectedOutputSeconds('image_to_video', { durationSeconds: 5 })).toBe(5);
    expect(expectedOutputSeconds('one_shot', { script: 'one two three four five six seven eight nine ten eleven' })).toBeCloseTo(6);
    expect(expectedOutputSeconds('one_shot', {})).toBe(15);
    expect(expectedOutputSeconds('lipsync', { videoKey: 'v', audioKey: 'a' })).toBeNull();
  });
});
