import { alignWords, decodeAudio } from '@lipcast/media-engine';
import type { WorkContext } from '../../ports/media';
import type { TimedUnit } from '../../ports/speech.port';
import { WordAlignerPort, type AlignmentRequest } from '../../ports/word-aligner.port';

/** Forced alignment offline: the script's words laid over the voiced stretches of the audio's energy track (media-engine `alignWords`). */
export class EmbeddedWordAligner extends WordAlignerPort {
  readonly name = 'embedded';

  async align(request: AlignmentRequest, context: WorkContext): Promise<TimedUnit[]> {
    const audio = await decodeAudio(request.audioPath, 16000, context.signal);
    return alignWords(audio.samples, audio.sampleRate, request.text);
  }
}
