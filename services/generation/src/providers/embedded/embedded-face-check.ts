import { analyseFaces, type FaceAnalysis } from '@lipcast/media-engine';
import { FaceCheckPort } from '../../ports/face-check.port';
import type { MediaInput, WorkContext } from '../../ports/media';

/** The face check by the embedded engine's face detector and mesh (@vladmandic/human), offline. */
export class EmbeddedFaceCheck extends FaceCheckPort {
  readonly name = 'embedded';

  analyse(media: MediaInput, context: WorkContext): Promise<FaceAnalysis> {
    if (!media.localPath) throw new Error('The embedded face check needs the media on local disk');
    return analyseFaces(media.localPath, { isImage: media.contentType.startsWith('image/'), signal: context.signal });
  }
}
