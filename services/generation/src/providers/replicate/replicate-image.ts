import { join } from 'node:path';
import type { MediaFile, WorkContext } from '../../ports/media';
import { ImagePort, type ImageRequest, type ImageResult } from '../../ports/image.port';
import { coverImage } from './media-edits';
import { ReplicateModel, runAdapter, type PollingOptions, type ReplicateAdapter, type ReplicateAdapterOptions } from './replicate-client';

const IMAGE_POLLING: PollingOptions = { pollIntervalMs: 1000, timeoutMs: 120_000 };

/** The aspect ratios flux-schnell takes, as width / height. */
const FLUX_ASPECT_RATIOS: ReadonlyArray<readonly [string, number]> = [
  ['1:1', 1],
  ['16:9', 16 / 9],
  ['21:9', 21 / 9],
  ['3:2', 3 / 2],
  ['2:3', 2 / 3],
  ['4:5', 4 / 5],
  ['5:4', 5 / 4],
  ['3:4', 3 / 4],
  ['4:3', 4 / 3],
  ['9:16', 9 / 16],
  ['9:21', 9 / 21],
];

/** The flux aspect ratio closest to width x height (640x720 → 4:5), so the crop to size loses least. */
export function closestAspectRatio(width: number, height: number): string {
  const wanted = Math.log(width / height);
  const distance = ([, ratio]: readonly [string, number]) => Math.abs(Math.log(ratio) - wanted);
  return FLUX_ASPECT_RATIOS.reduce((best, candidate) => (distance(candidate) < distance(best) ? candidate : best))[0];
}

/** Prompt → a photo on Replicate with FLUX.1 [schnell], cropped to exactly the requested size (PNG). */
export class ReplicateImage extends ImagePort implements ReplicateAdapter<ImageRequest, ImageResult> {
  readonly name = 'replicate';
  readonly replicate: ReplicateModel;

  constructor(options: ReplicateAdapterOptions) {
    super();
    this.replicate = new ReplicateModel(options, { model: 'black-forest-labs/flux-schnell', polling: IMAGE_POLLING });
  }

  inputFor(request: ImageRequest): Record<string, unknown> {
    return { prompt: request.prompt, aspect_ratio: closestAspectRatio(request.width, request.height), output_format: 'png', num_outputs: 1 };
  }

  async resultFrom(files: MediaFile[], request: ImageRequest, context: WorkContext): Promise<ImageResult> {
    const path = join(context.workDir, `image-${request.width}x${request.height}.png`);
    await coverImage(files[0].path, path, request.width, request.height);
    return { image: { path, contentType: 'image/png' }, kind: 'photo' };
  }

  generate(request: ImageRequest, context: WorkContext): Promise<ImageResult> {
    return runAdapter(this, request, context);
  }
}
