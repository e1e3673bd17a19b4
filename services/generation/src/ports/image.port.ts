import type { PortraitCoverage } from '@lipcast/contracts';
import type { CharacterLook } from '@lipcast/media-engine';
import type { MediaFile, MediaInput, WorkContext } from './media';

export interface ImageRequest {
  prompt: string;
  width: number;
  height: number;
}

export interface ImageResult {
  image: MediaFile;
  /** "illustration" when the embedded engine drew it: the UI labels it as such. */
  kind: 'photo' | 'illustration';
  /** What the embedded engine drew, kept so the portrait can later be animated speaking. */
  character?: CharacterLook;
  /** Only from the embedded engine: the description's words it drew and those it could not (a real provider draws everything). */
  coverage?: PortraitCoverage;
}

/** Prompt → a portrait (spec: 640x720 for the Creator and One Shot). */
export abstract class ImagePort {
  abstract readonly name: string;
  abstract generate(request: ImageRequest, context: WorkContext): Promise<ImageResult>;
}

export interface ImageToVideoRequest {
  image: MediaInput;
  prompt: string;
  /** 20 for the Creator, 15 in One Shot; the clip plays forward then backward. */
  durationSeconds: number;
  /** The stored clip's size; a provider's clip is scaled and cropped to it. Default 640x720, the Creator's portrait. */
  width?: number;
  height?: number;
}

/** A still portrait → a short clip of the person, for lip-sync. */
export abstract class ImageToVideoPort {
  abstract readonly name: string;
  abstract animate(request: ImageToVideoRequest, context: WorkContext): Promise<MediaFile>;
}
