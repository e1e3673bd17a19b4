import type { WorkContext } from './media';
import type { TimedUnit } from './speech.port';

export interface AlignmentRequest {
  /** The spoken audio, a local file any format ffmpeg reads. */
  audioPath: string;
  /** What it says (the script the speech was made from). */
  text: string;
}

/**
 * A known script → when each of its words is heard in the audio (forced alignment), for captions of
 * speech whose engine gives no word timings (Replicate's). The embedded aligner works on the audio's
 * energy track, offline; a provider with a phoneme aligner can take its place.
 */
export abstract class WordAlignerPort {
  abstract readonly name: string;
  /** The script's words in order, each with its start and end in milliseconds. */
  abstract align(request: AlignmentRequest, context: WorkContext): Promise<TimedUnit[]>;
}
