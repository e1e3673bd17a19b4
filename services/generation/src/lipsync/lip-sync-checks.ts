import { Injectable, Logger } from '@nestjs/common';
import { toLipSyncCheck, type LipSyncCheck } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { scoreVideoFile } from '@lipcast/media-engine';
import type { JobOutputs } from '../jobs/job-outputs';
import type { JobContext } from '../jobs/job-handlers';
import { lipSyncConfidence, lipSyncOffset } from '../jobs/job-metrics';
import type { LipSyncVideo } from '../ports/lipsync.port';
import { readStoredJson } from '../stored-json';

/**
 * Every finished video's lip-sync, measured (issue 36): as our engine measured it while drawing, or
 * measured here on the final file of any other provider. Kept as `lipsync.json` beside the video (a
 * run continued after its video was made finds it), counted in the metrics by provider.
 */
@Injectable()
export class LipSyncChecks {
  private readonly logger = new Logger(LipSyncChecks.name);

  constructor(private readonly storage: StorageService) {}

  /**
   * Measures the final video at `videoPath` (made by `provider` as `made`) and keeps the check. A video
   * whose mouth cannot be found has none: the check never fails a video the creator paid for.
   */
  async measure(made: LipSyncVideo, videoPath: string, provider: string, context: JobContext): Promise<LipSyncCheck | undefined> {
    let check = toLipSyncCheck(made.lipSync);
    if (!check) {
      try {
        check = toLipSyncCheck(await scoreVideoFile(videoPath, context.signal));
      } catch (error) {
        context.signal.throwIfAborted();
        this.logger.warn(`No lip-sync check for job ${context.outputs.jobId}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }
    if (!check) return undefined;
    await context.outputs.put('lipsync.json', Buffer.from(JSON.stringify(check)), 'application/json');
    lipSyncOffset.observe({ provider }, check.offsetMs);
    lipSyncConfidence.observe({ provider }, check.confidence);
    return check;
  }

  /** The check a job kept, if it did. */
  async stored(outputs: JobOutputs): Promise<LipSyncCheck | undefined> {
    return toLipSyncCheck(await readStoredJson(this.storage, outputs.key('lipsync.json')));
  }
}
