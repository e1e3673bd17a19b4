import { join } from 'node:path';
import { ProviderError, type MediaFile, type WorkContext } from '../../ports/media';
import { ImagePort, ImageToVideoPort, type ImageRequest, type ImageResult, type ImageToVideoRequest } from '../../ports/image.port';
import { PORTRAIT_SIZE, PORTRAIT_SIZE_TEXT } from '@lipcast/contracts';
import { FPS, readDescription, renderPortrait } from '@lipcast/media-engine';
import { stillToClip } from '@lipcast/media-tools';

/** A drawn portrait whose traits come from the prompt's words (labelled an illustration in the UI), saying which words it could not draw. */
export class EmbeddedImage extends ImagePort {
  readonly name = 'embedded';

  async generate(request: ImageRequest, context: WorkContext): Promise<ImageResult> {
    if (request.width !== PORTRAIT_SIZE.width || request.height !== PORTRAIT_SIZE.height) throw new ProviderError(`The offline engine draws ${PORTRAIT_SIZE_TEXT} portraits only`, 'invalid-input');
    const path = join(context.workDir, 'portrait.jpg');
    const { look: character, drawn, notDrawn } = readDescription(request.prompt);
    await renderPortrait(character, path);
    context.progress(1);
    return { image: { path, contentType: 'image/jpeg' }, kind: 'illustration', character, coverage: { drawn, notDrawn } };
  }
}

/** A still → a slow push-in and back (20 s for the Creator, 15 s in One Shot), offline. */
export class EmbeddedImageToVideo extends ImageToVideoPort {
  readonly name = 'embedded';

  async animate(request: ImageToVideoRequest, context: WorkContext): Promise<MediaFile> {
    if (!request.image.localPath) throw new Error('The embedded image-to-video needs the image on local disk');
    const out = join(context.workDir, 'clip.mp4');
    await stillToClip({ image: request.image.localPath, ...PORTRAIT_SIZE, fps: FPS, durationSeconds: request.durationSeconds, out, signal: context.signal });
    context.progress(1);
    return { path: out, contentType: 'video/mp4' };
  }
}
