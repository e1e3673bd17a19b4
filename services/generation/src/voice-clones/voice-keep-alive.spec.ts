import type { MikroORM } from '@mikro-orm/postgresql';
import type { StorageService } from '@lipcast/nest-kit';
import { ProviderError } from '../ports/media';
import type { SpeechPort, SpeechRequest } from '../ports/speech.port';
import type { VoiceClonePort, VoiceCloneRequest } from '../ports/voice-clone.port';
import type { GenerationSettings } from '../settings';
import type { ClonedVoiceRow, ClonedVoicesRepository } from './cloned-voices.repository';
import { KEEP_ALIVE_AFTER_MS, KEEP_ALIVE_TEXT, VoiceKeepAlive } from './voice-keep-alive';

const row = (id: string, providerVoiceId: string): ClonedVoiceRow => ({
  id,
  userId: 'user-1',
  name: id,
  provider: 'replicate',
  providerVoiceId,
  sampleKey: `users/user-1/voices/${id}/sample.mp3`,
  consentId: 'consent-1',
  createdAt: new Date(),
  lastUsedAt: new Date(),
});

/** The keep-alive over fake ports: the provider knows `known` voices, fails `broken` ones, and clones anew as `R8_NEW`. */
function keepAliveWith(voices: ClonedVoiceRow[], provider: { known: string[]; broken?: string[] }) {
  const spoken: SpeechRequest[] = [];
  const cloned: VoiceCloneRequest[] = [];
  const touched: string[] = [];
  const replaced: Array<[string, string]> = [];
  let askedFor = 0;
  const repository = {
    unusedFor: (ms: number) => {
      askedFor = ms;
      return Promise.resolve(voices);
    },
    touch: (id: string) => Promise.resolve(void touched.push(id)),
    replaceProviderVoice: (id: string, providerVoiceId: string) => Promise.resolve(void replaced.push([id, providerVoiceId])),
  } as unknown as ClonedVoicesRepository;
  const speech = {
    synthesize: (request: SpeechRequest) => {
      spoken.push(request);
      if (provider.broken?.includes(request.voiceId)) return Promise.reject(new ProviderError('Network error. Please check your internet connection.', 'failed', true));
      if (!provider.known.includes(request.voiceId)) return Promise.reject(new ProviderError(`The model failed: invalid params, voice id not exist: ${request.voiceId}`, 'failed'));
      return Promise.resolve({ audio: { path: '/dev/null', contentType: 'audio/mpeg' }, durationSeconds: 0.6 });
    },
  } as unknown as SpeechPort;
  const cloning = {
    available: true,
    clone: (request: VoiceCloneRequest) => Promise.resolve({ providerVoiceId: `R8_NEW${cloned.push(request)}` }),
  } as unknown as VoiceClonePort;
  const storage = { presignedUrl: (key: string) => Promise.resolve(`http://store/${key}?signed`) } as unknown as StorageService;
  const keepAlive = new VoiceKeepAlive(repository, speech, cloning, storage, { GENERATION_ROLE: 'all' } as GenerationSettings, {} as MikroORM);
  return { keepAlive, spoken, cloned, touched, replaced, askedFor: () => askedFor };
}

describe('VoiceKeepAlive', () => {
  it('says one word with each voice unused for 6 days, restarting its clock', async () => {
    const { keepAlive, spoken, touched, cloned, askedFor } = keepAliveWith([row('a', 'R8_AAAA'), row('b', 'R8_BBBB')], { known: ['R8_AAAA', 'R8_BBBB'] });

    expect(await keepAlive.keepAlive()).toEqual([
      { voiceId: 'a', outcome: 'spoken' },
      { voiceId: 'b', outcome: 'spoken' },
    ]);
    expect(askedFor()).toBe(KEEP_ALIVE_AFTER_MS);
    expect(KEEP_ALIVE_AFTER_MS).toBe(6 * 24 * 3600 * 1000);
    expect(spoken.map((request) => [request.voiceId, request.text])).toEqual([
      ['R8_AAAA', KEEP_ALIVE_TEXT],
      ['R8_BBBB', KEEP_ALIVE_TEXT],
    ]);
    expect(touched).toEqual(['a', 'b']);
    expect(cloned).toEqual([]);
  });

  it('clones a voice the provider has dropped again from its kept sample, under a new provider id', async () => {
    const { keepAlive, cloned, replaced, touched } = keepAliveWith([row('gone', 'R8_GONE'), row('kept', 'R8_KEPT')], { known: ['R8_KEPT'] });

    expect(await keepAlive.keepAlive()).toEqual([
      { voiceId: 'gone', outcome: 'recloned' },
      { voiceId: 'kept', outcome: 'spoken' },
    ]);
    expect(cloned).toEqual([{ sample: { url: 'http://store/users/user-1/voices/gone/sample.mp3?signed', key: 'users/user-1/voices/gone/sample.mp3', contentType: 'audio/mpeg' } }]);
    expect(replaced).toEqual([['gone', 'R8_NEW1']]);
    expect(touched).toEqual(['kept']);
  });

  it('leaves a voice for the next pass when the provider fails for another reason, and goes on with the rest', async () => {
    const { keepAlive, cloned, touched } = keepAliveWith([row('flaky', 'R8_FLAKY'), row('fine', 'R8_FINE')], { known: ['R8_FINE', 'R8_FLAKY'], broken: ['R8_FLAKY'] });

    expect(await keepAlive.keepAlive()).toEqual([
      { voiceId: 'flaky', outcome: 'failed' },
      { voiceId: 'fine', outcome: 'spoken' },
    ]);
    expect(cloned).toEqual([]);
    expect(touched).toEqual(['fine']);
  });
});
