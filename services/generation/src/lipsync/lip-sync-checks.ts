import { availableParallelism } from 'node:os';
import { Injectable, Logger } from '@nestjs/common';
import { toLipSyncCheck, type LipSyncCheck } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { scoreVideoFile } from '@lipcast/media-engine';
import type { JobOutputs } from '../jobs/job-outputs';
import type { JobContext } from '../jobs/job-handlers';
import { lipSyncBelowThreshold, lipSyncConfidence, lipSyncOffset } from '../jobs/job-metrics';
import type { LipSyncVideo } from '../ports/lipsync.port';
import { GenerationSettings } from '../settings';
import { readStoredJson } from '../stored-json';

/**
 * Every lip-synced video's lip-sync, measured (issue 36): as our engine measured it while drawing, or
 * measured here on any other provider's file; judged against the settings' limits; kept as
 * `lipsync.json` beside the video (a run continued after its video was made finds it) and counted.
 */
@Injectable()
export class LipSyncChecks {
  private readonly logger = new Logger(LipSyncChecks.name);
  /**
   * Files scored at once in this process: scoring is all CPU (two decodes and the face model), and
   * provider-bound jobs resume many at a time (PROVIDER_JOB_CONCURRENCY): more at once than cores
   * only holds more frames in memory and makes each one wait longer.
   */
  private scoringSlots = availableParallelism();
  private readonly waitingForSlot: (() => void)[] = [];
  /** The check each run kept (what `stored` would read back), by the run's outputs. */
  private readonly keptHere = new WeakMap<JobOutputs, string>();

  constructor(
    private readonly storage: StorageService,
    private readonly settings: GenerationSettings,
  ) {}

  /** The check of a video a provider made. None when its mouth cannot be found: the check never fails a video the creator paid for. */
  async score(made: LipSyncVideo, context: JobContext): Promise<LipSyncCheck | undefined> {
    const own = toLipSyncCheck(made.lipSync);
    if (own) return own;
    await this.slot();
    try {
      context.signal.throwIfAborted();
      return toLipSyncCheck(await scoreVideoFile(made.path, context.signal));
    } catch (error) {
      context.signal.throwIfAborted();
      this.logger.warn(`No lip-sync check for job ${context.outputs.jobId}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    } finally {
      this.release();
    }
  }

  /** Waits for one of the scoring slots. */
  private async slot(): Promise<void> {
    if (this.scoringSlots > 0) {
      this.scoringSlots--;
      return;
    }
    await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
  }

  /** Hands the slot to the next scoring waiting, else frees it. */
  private release(): void {
    const next = this.waitingForSlot.shift();
    if (next) next();
    else this.scoringSlots++;
  }

  /** Within LIPSYNC_MAX_OFFSET_MS either way and at least LIPSYNC_MIN_CONFIDENCE. */
  passes(check: LipSyncCheck): boolean {
    return Math.abs(check.offsetMs) <= this.settings.LIPSYNC_MAX_OFFSET_MS && check.confidence >= this.settings.LIPSYNC_MIN_CONFIDENCE;
  }

  /** Keeps the check of the video delivered (made by `provider`) and counts it. */
  async keep(check: LipSyncCheck, provider: string, context: JobContext): Promise<void> {
    const json = JSON.stringify(check);
    await context.outputs.put('lipsync.json', Buffer.from(json), 'application/json');
    this.keptHere.set(context.outputs, json);
    lipSyncOffset.observe({ provider }, check.offsetMs);
    lipSyncConfidence.observe({ provider }, check.confidence);
    if (check.belowThreshold) lipSyncBelowThreshold.inc({ provider });
  }

  /** The check a job kept, if it did. */
  async stored(outputs: JobOutputs): Promise<LipSyncCheck | undefined> {
    const kept = this.keptHere.get(outputs);
    return toLipSyncCheck(kept === undefined ? await readStoredJson(this.storage, outputs.key('lipsync.json')) : JSON.parse(kept));
  }
}
