import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LipSyncCheck } from '@lipcast/contracts';
import type { JobContext } from '../jobs/job-handlers';
import { LipSyncPort, type LipSyncRequest, type LipSyncVideo } from '../ports/lipsync.port';
import type { WorkContext } from '../ports/media';
import type { GenerationSettings } from '../settings';
import type { LipSyncChecks } from './lip-sync-checks';
import { LipSyncGate } from './lip-sync-gate';

const IN_SYNC: LipSyncCheck = { offsetMs: 10, confidence: 0.7 };
const FROZEN: LipSyncCheck = { offsetMs: -480, confidence: 0.05 };
const LATE: LipSyncCheck = { offsetMs: 300, confidence: 0.6 };

/** A provider whose n-th video is scored `checks[n]` (undefined: no face found); it writes where every call writes, as the real ones do. */
class FakeLipSync extends LipSyncPort {
  calls = 0;

  constructor(
    readonly name: string,
    private readonly checks: (LipSyncCheck | undefined)[],
  ) {
    super();
  }

  async lipSync(_request: LipSyncRequest, context: WorkContext): Promise<LipSyncVideo> {
    const check = this.checks[this.calls++];
    const path = join(context.workDir, 'lipsync.mp4');
    await writeFile(path, JSON.stringify(check ?? null));
    return { path, contentType: 'video/mp4' };
  }
}

/** The checks as the gate uses them: the score a fake video carries in its file, the service's default limits. */
const checks = {
  score: async (video: LipSyncVideo) => JSON.parse(await readFile(video.path, 'utf8')) ?? undefined,
  passes: (check: LipSyncCheck) => Math.abs(check.offsetMs) <= 160 && check.confidence >= 0.3,
} as unknown as LipSyncChecks;

describe('the lip-sync gate', () => {
  let workDir: string;
  const context = () => ({ workDir, signal: new AbortController().signal, progress: () => undefined, outputs: { jobId: 'job-1' } }) as unknown as JobContext;
  const request = {} as LipSyncRequest;
  const gate = (provider: LipSyncPort, embedded: LipSyncPort, fallback: 'true' | 'false' = 'false') => new LipSyncGate(provider, embedded, checks, { LIPSYNC_FALLBACK_EMBEDDED: fallback } as GenerationSettings);

  beforeEach(async () => (workDir = await mkdtemp(join(tmpdir(), 'lip-sync-gate-'))));
  afterEach(() => rm(workDir, { recursive: true, force: true }));

  it("delivers a provider's video that passes, made once", async () => {
    const provider = new FakeLipSync('replicate', [IN_SYNC]);
    const made = await gate(provider, new FakeLipSync('embedded', [])).make(request, context());
    expect(made).toMatchObject({ check: IN_SYNC, provider: 'replicate' });
    expect(provider.calls).toBe(1);
  });

  it('makes a failing video once more by the same provider and delivers the second when it passes', async () => {
    const provider = new FakeLipSync('replicate', [FROZEN, IN_SYNC]);
    const made = await gate(provider, new FakeLipSync('embedded', [])).make(request, context());
    expect(made.check).toEqual(IN_SYNC);
    expect(provider.calls).toBe(2);
    // Each attempt kept its own file.
    expect(made.video.path).toBe(join(workDir, 'lipsync-attempt-2.mp4'));
  });

  it('delivers the closest of two failures, marked below the limits, when the embedded fallback is not allowed', async () => {
    const provider = new FakeLipSync('replicate', [FROZEN, LATE]);
    const embedded = new FakeLipSync('embedded', [IN_SYNC]);
    const made = await gate(provider, embedded).make(request, context());
    expect(made).toMatchObject({ check: { ...LATE, belowThreshold: true }, provider: 'replicate' });
    expect(made.video.path).toBe(join(workDir, 'lipsync-attempt-2.mp4'));
    expect([provider.calls, embedded.calls]).toEqual([2, 0]);
  });

  it('asks the embedded engine third when the operator allows it, and delivers its video when it passes', async () => {
    const provider = new FakeLipSync('replicate', [FROZEN, FROZEN]);
    const embedded = new FakeLipSync('embedded', [IN_SYNC]);
    const made = await gate(provider, embedded, 'true').make(request, context());
    expect(made).toMatchObject({ check: IN_SYNC, provider: 'embedded' });
    expect([provider.calls, embedded.calls]).toEqual([2, 1]);
  });

  it("never asks the embedded engine again (it is deterministic): its failing video is delivered, marked", async () => {
    const embedded = new FakeLipSync('embedded', [LATE]);
    const made = await gate(embedded, embedded, 'true').make(request, context());
    expect(made.check).toEqual({ ...LATE, belowThreshold: true });
    expect(embedded.calls).toBe(1);
  });

  it('delivers a video whose mouth could not be found as it is, unchecked', async () => {
    const provider = new FakeLipSync('replicate', [undefined]);
    const made = await gate(provider, new FakeLipSync('embedded', [])).make(request, context());
    expect(made.check).toBeUndefined();
    expect(provider.calls).toBe(1);
  });
});
