import type { LipSyncCheck, VideoFormatId } from '@lipcast/contracts';
import type { CharacterLook } from '@lipcast/media-engine';
import type { CaptionBurnIn } from '@lipcast/media-tools';
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
  /** Captions to burn in, laid out for the format's frame: a provider that encodes the video burns them in that encode. */
  captions?: CaptionBurnIn;
  /** The take (absent: the first): the embedded engine draws a character's blinks and head motion by it, a provider with a seed gets it. */
  seed?: number;
}

/**
 * The lip-synced video; `captionsBurned` when the request's captions are in it already (else the
 * caller burns them in); `lipSync` when the adapter measured it as it made the video (our engine
 * does, from the frames it drew; the caller measures any other's file).
 */
export interface LipSyncVideo extends MediaFile {
  captionsBurned?: boolean;
  lipSync?: LipSyncCheck;
}

/** Video + audio → the video's person speaking the audio. */
export abstract class LipSyncPort {
  abstract readonly name: string;
  abstract lipSync(request: LipSyncRequest, context: WorkContext): Promise<LipSyncVideo>;

  /**
   * Work done once on a creator's own clip (stored at `clipKey`; `localCopy` fetches it to local disk
   * when the work needs it) right after its upload, so that every render of it starts with it done:
   * none by default (a provider works on the clip it is sent); the embedded engine finds and keeps
   * its landmarks.
   */
  async prepareOwnClip(_clipKey: string, _localCopy: () => Promise<string>, _signal?: AbortSignal): Promise<void> {}
}

/** The embedded engine's lip-sync, whatever LIPSYNC_PROVIDER says: the lip-sync gate's fallback. */
export const EMBEDDED_LIP_SYNC = Symbol('EMBEDDED_LIP_SYNC');
