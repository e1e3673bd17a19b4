import type { FaceAnalysis } from '@lipcast/media-engine';
import type { MediaInput, WorkContext } from './media';

/**
 * A picture or clip → the faces in it (how many, how large, how turned, per sampled frame) and a clip's
 * length and frame rate: the check before charging. Throws a ProviderError ('invalid-input') for media
 * it cannot read. The embedded engine's face detector answers by default; a provider could replace it.
 */
export abstract class FaceCheckPort {
  abstract readonly name: string;
  abstract analyse(media: MediaInput, context: WorkContext): Promise<FaceAnalysis>;
}
