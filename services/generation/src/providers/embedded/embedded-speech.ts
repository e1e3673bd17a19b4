import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ProviderError, type WorkContext } from '../../ports/media';
import { SpeechPort, type SpeechRequest, type SpeechResult } from '../../ports/speech.port';
import { VOICE_IDS } from '@lipcast/contracts';
import { encodeMp3, SpeechInputError, synthesizeSpeech, trimToVoice, voicedSegments } from '@lipcast/media-engine';

/** Speech from the embedded espeak-ng engine: an MP3 and the time of every phoneme and word, offline. */
export class EmbeddedSpeech extends SpeechPort {
  readonly name = 'embedded';

  /** The engine speaks every voice of the catalog. */
  voices(): readonly string[] {
    return VOICE_IDS;
  }

  async synthesize(request: SpeechRequest, context: WorkContext): Promise<SpeechResult> {
    const speech = await synthesizeSpeech(request).catch((error: unknown) => {
      throw error instanceof SpeechInputError ? new ProviderError(error.message, 'invalid-input') : error;
    });
    context.signal.throwIfAborted();
    const path = join(context.workDir, 'speech.mp3');
    await writeFile(path, await encodeMp3(speech, context.signal));
    context.progress(1);
    // The engine's words last until the next one starts; captions end with the voice.
    const words = trimToVoice(speech.words, voicedSegments(speech.samples, speech.sampleRate));
    return { audio: { path, contentType: 'audio/mpeg' }, durationSeconds: speech.durationMs / 1000, phonemes: speech.phonemes, words };
  }
}
