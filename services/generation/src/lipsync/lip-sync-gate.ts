import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { LipSyncCheck } from '@lipcast/contracts';
import type { JobContext } from '../jobs/job-handlers';
import { lipSyncRerenders } from '../jobs/job-metrics';
import { EMBEDDED_LIP_SYNC, LipSyncPort, type LipSyncRequest, type LipSyncVideo } from '../ports/lipsync.port';
import { GenerationSettings } from '../settings';
import { LipSyncChecks } from './lip-sync-checks';

/** One made video: its file, its check (none when its mouth could not be found) and who made it. */
export interface CheckedLipSync {
  video: LipSyncVideo;
  check?: LipSyncCheck;
  provider: string;
}

/**
 * The lip-sync gate (issue 36, item 2): a provider's video that fails the check (`LipSyncChecks`) is
 * made once more by the same model (the job's second call to it: a run continued after a park meets
 * both calls again, answered from their records), then, when LIPSYNC_FALLBACK_EMBEDDED allows, by the
 * embedded engine. The first to pass is delivered; if none does, the closest (the most confident) is,
 * marked `belowThreshold`. All within one job: the creator is charged once. The embedded engine is
 * deterministic, so it is never asked again: its own failing video is a defect, delivered and counted.
 */
@Injectable()
export class LipSyncGate {
  private readonly logger = new Logger(LipSyncGate.name);

  constructor(
    private readonly lipSync: LipSyncPort,
    @Inject(EMBEDDED_LIP_SYNC) private readonly embedded: LipSyncPort,
    private readonly checks: LipSyncChecks,
    private readonly settings: GenerationSettings,
  ) {}

  async make(request: LipSyncRequest, context: JobContext): Promise<CheckedLipSync> {
    const tries: CheckedLipSync[] = [await this.attempt(this.lipSync, request, context, 1)];
    const passed = () => tries.find((made) => made.check && this.checks.passes(made.check));
    const again: LipSyncPort[] = this.lipSync === this.embedded ? [] : [this.lipSync, ...(this.settings.LIPSYNC_FALLBACK_EMBEDDED === 'true' ? [this.embedded] : [])];
    for (const port of again) {
      const last = tries[tries.length - 1];
      if (!last.check || passed()) break;
      this.logger.log(`Job ${context.outputs.jobId}: lip-sync ${last.check.offsetMs} ms at ${last.check.confidence} is outside the limits; made again by ${port.name}`);
      lipSyncRerenders.inc({ provider: this.lipSync.name, by: port === this.embedded ? 'embedded' : 'same' });
      tries.push(await this.attempt(port, request, context, tries.length + 1));
    }
    const delivered = passed();
    if (delivered || !tries[0].check) return delivered ?? tries[0];
    const closest = tries.filter((made) => made.check).reduce((best, made) => (made.check!.confidence > best.check!.confidence ? made : best));
    return { ...closest, check: { ...closest.check!, belowThreshold: true } };
  }

  /** One video made and checked, its file kept apart (the next attempt writes where this one did). */
  private async attempt(port: LipSyncPort, request: LipSyncRequest, context: JobContext, number: number): Promise<CheckedLipSync> {
    const made = await port.lipSync(request, context);
    const kept = join(context.workDir, `lipsync-attempt-${number}.mp4`);
    await rename(made.path, kept);
    const video = { ...made, path: kept };
    return { video, check: await this.checks.score(video, context), provider: port.name };
  }
}
