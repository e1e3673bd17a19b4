import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { StorageService } from '@lipcast/nest-kit';
import { renderVideoPoster } from '../actors/sample-posters';
import type { JobOutputs } from '../jobs/job-outputs';
import type { JobContext } from '../jobs/job-handlers';

/**
 * A finished video's poster, made once as its job ends: the video's own first frame at its own size
 * (so at its format's aspect, whatever the format), as WebP beside the mp4 in the job's folder. It
 * is made the way the landing samples' posters are (`renderVideoPoster` beside `renderSamplePoster`).
 */
@Injectable()
export class VideoPosters {
  private readonly logger = new Logger(VideoPosters.name);

  constructor(private readonly storage: StorageService) {}

  /**
   * Stores the poster of the final video at `videoPath`. A poster that cannot be made does not fail
   * the video: the players then show its first frame as they load it, as before posters existed.
   */
  async make(videoPath: string, context: JobContext): Promise<void> {
    const out = join(context.workDir, 'poster.webp');
    try {
      await renderVideoPoster(videoPath, out, context.signal);
    } catch (error) {
      context.signal.throwIfAborted();
      this.logger.warn(`No poster for job ${context.outputs.jobId}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    await context.outputs.putFile('poster.webp', out, 'image/webp');
  }

  /** The poster a job stored, if it did (a run continued after its video was made finds it here). */
  async storedKey(outputs: JobOutputs): Promise<string | undefined> {
    const key = outputs.key('poster.webp');
    return outputs.storedHere('poster.webp') || (await this.storage.stat(key)) ? key : undefined;
  }
}
