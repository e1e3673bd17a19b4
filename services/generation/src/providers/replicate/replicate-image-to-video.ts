import { join } from 'node:path';
import type { MediaFile, WorkContext } from '../../ports/media';
import { ImageToVideoPort, type ImageToVideoRequest } from '../../ports/image.port';
import { pingPong } from './media-edits';
import { ReplicateModel, type PollingOptions, type ReplicateAdapterOptions } from './replicate-client';

const IMAGE_TO_VIDEO_POLLING: PollingOptions = { pollIntervalMs: 2000, timeoutMs: 600_000 };

/**
 * Wan 2.2 i2v-fast makes clips of 81..121 frames; 81 is the model's default and gives its best results,
 * and 16 fps is its native rate (and what it is priced at): a 5 s clip. The clip then plays forward and
 * backward (the port's contract) to the requested duration, so a longer clip is never paid for.
 */
export const WAN_INPUT = { num_frames: 81, frames_per_second: 16, resolution: '480p' } as const;

/** A still portrait → a clip of the person, on Replicate with Wan 2.2, ping-ponged to the requested seconds. */
export class ReplicateImageToVideo extends ImageToVideoPort {
  readonly name = 'replicate';
  private readonly wan: ReplicateModel;

  constructor(options: ReplicateAdapterOptions) {
    super();
    this.wan = new ReplicateModel(options, { model: 'wan-video/wan-2.2-i2v-fast', polling: IMAGE_TO_VIDEO_POLLING });
  }

  async animate(request: ImageToVideoRequest, context: WorkContext): Promise<MediaFile> {
    const input = { image: request.image.url, prompt: request.prompt, ...WAN_INPUT };
    const { files } = await this.wan.run(input, context);
    const path = join(context.workDir, `clip-${request.durationSeconds}s.mp4`);
    await pingPong(files[0].path, path, request.durationSeconds);
    context.progress(1);
    return { path, contentType: 'video/mp4' };
  }
}
