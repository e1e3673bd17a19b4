import type { MediaFile, WorkContext } from './media';

export interface SpeechRequest {
  text: string;
  voiceId: string;
  emotion: string;
  /** −10..10, whole numbers. */
  pitch: number;
  /** 0.5..2. */
  speed: number;
  /** 0..10, 1 = normal. */
  volume: number;
  language: string;
}

export interface TimedUnit {
  text: string;
  startMs: number;
  endMs: number;
}

export interface SpeechResult {
  audio: MediaFile;
  durationSeconds: number;
  /** The embedded engine knows when each phoneme is spoken; its lip-sync uses them. */
  phonemes?: TimedUnit[];
  /** When each word of the text is heard (captions); engines that do not know are aligned afterwards (WordAlignerPort). */
  words?: TimedUnit[];
}

/** Text → speech (spec section 3, Audio parameters). */
export abstract class SpeechPort {
  abstract readonly name: string;
  /** Voice ids this provider speaks, shown with underscores as spaces. */
  abstract voices(): readonly string[];
  abstract synthesize(request: SpeechRequest, context: WorkContext): Promise<SpeechResult>;
}
