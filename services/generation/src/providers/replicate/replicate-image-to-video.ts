import { join } from 'node:path';
import { PORTRAIT_SIZE } from '@lipcast/contracts';
import type { MediaFile, WorkContext } from '../../ports/media';
import { ImageToVideoPort, type ImageToVideoRequest } from '../../ports/image.port';
import { pingPong } from './media-edits';
import { ReplicateModel, runAdapter, type PollingOptions, type ReplicateAdapter, type ReplicateAdapterOptions } from './replicate-client';

const IMAGE_TO_VIDEO_POLLING: PollingOptions = { pollIntervalMs: 2000, timeoutMs: 600_000 };

/**
 * Wan 2.2 i2v-fast makes clips of 81..121 frames; 81 is the model's default and gives its best results,
 * and 16 fps is its native rate (and what it is priced at): a 5 s clip. At 480p it is 832x480 or 480x832
 * (by the image's orientation), so the clip is then covered and cropped to the requested size, and
 * played forward and backward (the port's contract) to the requested duration: a longer clip is never
 * paid for.
 */
export const WAN_INPUT = { num_frames: 81, frames_per_second: 16, resolution: '480p' } as const;

/** A still portrait → a clip of the person, on Replicate with Wan 2.2, in the requested size, ping-ponged to the requested seconds. */
export class ReplicateImageToVideo extends ImageToVideoPort implements ReplicateAdapter<ImageToVideoRequest, MediaFile> {
  readonly name = 'replicate';
  readonly replicate: ReplicateModel;

  constructor(options: ReplicateAdapterOptions) {
    super();
    this.replicate = new ReplicateModel(options, { model: 'wan-video/wan-2.2-i2v-fast', polling: IMAGE_TO_VIDEO_POLLING });
  }

  inputFor(request: ImageToVideoRequest): Record<string, unknown> {
    return { image: request.image.url, prompt: request.prompt, ...WAN_INPUT };
  }

  async resultFrom(files: MediaFile[], request: ImageToVideoRequest, context: WorkContext): Promise<MediaFile> {
    // The Creator's portrait size when the request names none.
    const size = { width: request.width ?? PORTRAIT_SIZE.width, height: request.height ?? PORTRAIT_SIZE.height };
    const path = join(context.workDir, `clip-${size.width}x${size.height}-${request.durationSeconds}s.mp4`);
    await pingPong(files[0].path, path, request.durationSeconds, size);
    return { path, contentType: 'video/mp4' };
  }

  animate(request: ImageToVideoRequest, context: WorkContext): Promise<MediaFile> {
    return runAdapter(this, request, context);
  }
}
