import type { VideoFormatId } from '@lipcast/contracts';
import type { CharacterLook } from '@lipcast/media-engine';
import type { MediaFile, MediaInput, WorkContext } from './media';
import type { TimedUnit } from './speech.port';

export interface LipSyncRequest {
  /** The actor's clip (or a still image from the Creator). */
  video: MediaInput;
  audio: MediaInput;
  audioDurationSeconds: number;
  /** The drawn character the video shows, when the embedded engine drew it (a built-in actor or a portrait); it is drawn anew speaking. */
  character?: CharacterLook;
  /** Phoneme timings of the audio, when the embedded speech engine made it. */
  phonemes?: TimedUnit[];
  /** The video's format (the portrait card unless said): a drawn character is drawn at its size, a real face framed in it. */
  format?: VideoFormatId;
}

/** Video + audio → the video's person speaking the audio. */
export abstract class LipSyncPort {
  abstract readonly name: string;
  abstract lipSync(request: LipSyncRequest, context: WorkContext): Promise<MediaFile>;
}
