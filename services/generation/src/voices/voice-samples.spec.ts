import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode, voiceSampleKey } from '@lipcast/contracts';
import type { StorageService } from '@lipcast/nest-kit';
import type { WorkContext } from '../ports/media';
import { SpeechPort, type SpeechRequest, type SpeechResult } from '../ports/speech.port';
import { VoiceSamples } from './voice-samples.service';

/** A speech port that records what it was asked and answers after `release()`. */
class CountingSpeech extends SpeechPort {
  readonly name = 'counting';
  readonly requests: SpeechRequest[] = [];
  private releaseAll: () => void = () => undefined;
  private readonly released = new Promise<void>((resolve) => (this.releaseAll = resolve));
  voices() {
    return ['Wise_Woman', 'Abbess'];
  }
  release() {
    this.releaseAll();
  }
  async synthesize(request: SpeechRequest, context: WorkContext): Promise<SpeechResult> {
    this.requests.push(request);
    await this.released;
    const path = join(context.workDir, 'speech.mp3');
    await writeFile(path, `mp3 of ${request.text}`);
    return { audio: { path, contentType: 'audio/mpeg' }, durationSeconds: 2 };
  }
}

/** The store as a map; putFile reads the file, as the real store would. */
function memoryStorage() {
  const objects = new Map<string, { body: string; contentType: string }>();
  const storage = {
    stat: async (key: string) => (objects.has(key) ? { size: objects.get(key)!.body.length, contentType: objects.get(key)!.contentType, etag: 'e', lastModified: new Date() } : null),
    putFile: async (key: string, path: string, contentType: string) => void objects.set(key, { body: await readFile(path, 'utf8'), contentType }),
  };
  return { objects, storage: storage as unknown as StorageService };
}

describe(VoiceSamples.name, () => {
  it('makes a sample once for concurrent first requests, then serves the stored one', async () => {
    const speech = new CountingSpeech();
    const { objects, storage } = memoryStorage();
    const samples = new VoiceSamples(speech, storage);
    const key = voiceSampleKey('counting', 'Abbess', 'happy');

    const first = Promise.all([samples.sample('Abbess', 'happy'), samples.sample('Abbess', 'happy'), samples.sample('Abbess', 'happy')]);
    await new Promise((resolve) => setImmediate(resolve));
    speech.release();
    const answers = await first;

    expect(answers).toEqual([{ url: `/api/media/${key}` }, { url: `/api/media/${key}` }, { url: `/api/media/${key}` }]);
    expect(speech.requests).toEqual([{ text: "Hi, I'm Serene Woman. This is how I sound.", voiceId: 'Abbess', emotion: 'happy', pitch: 0, speed: 1, volume: 1, language: 'English' }]);
    expect(objects.get(key)).toEqual({ body: "mp3 of Hi, I'm Serene Woman. This is how I sound.", contentType: 'audio/mpeg' });

    await samples.sample('Abbess', 'happy');
    expect(speech.requests).toHaveLength(1);
    await samples.sample('Abbess', 'sad'); // another emotion is another sample
    expect(speech.requests.map((request) => request.emotion)).toEqual(['happy', 'sad']);
  });

  it('refuses a voice the provider does not speak, without synthesising', async () => {
    const speech = new CountingSpeech();
    const samples = new VoiceSamples(speech, memoryStorage().storage);
    await expect(samples.sample('Nobody', 'neutral')).rejects.toMatchObject({ code: ErrorCode.NotFound, message: 'Unknown voice: Nobody' });
    expect(speech.requests).toHaveLength(0);
  });
});
