import type { WorkContext } from './media';
import type { TimedUnit } from './speech.port';

/**
 * Spoken audio → its words and when each is heard, for the captions of a creator's own recording when
 * they typed no text (issue 35, item 5). OpenAI's transcription when the service has an OpenAI key;
 * otherwise none, and such a recording has no captions.
 */
export abstract class TranscriberPort {
  abstract readonly name: string;
  /** The words heard in the audio (a local file) with their start and end in milliseconds; null when this service transcribes nothing. */
  abstract transcribe(audioPath: string, context: WorkContext): Promise<TimedUnit[] | null>;
}

/** No transcription (no OpenAI key): recordings without typed text have no captions. */
export class NoTranscriber extends TranscriberPort {
  readonly name = 'none';

  transcribe(): Promise<null> {
    return Promise.resolve(null);
  }
}
