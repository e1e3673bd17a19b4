import type { StorageService } from '@lipcast/nest-kit';
import type { WorkContext } from '../ports/media';
import { SpeechPort, type SpeechRequest, type SpeechResult } from '../ports/speech.port';
import { WordAlignerPort, type AlignmentRequest } from '../ports/word-aligner.port';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { VoiceClonesService } from '../voice-clones/voice-clones.service';
import { AudioService, CLONED_VOICE_UNKNOWN, hasTimings, timingsFile } from './audio.service';

const PARAMS = { text: 'Hello there, friend.', voice_id: 'v1', emotion: 'neutral', pitch: 0, speed: 1, volume: 1, language: 'English' };
const context: WorkContext = { signal: new AbortController().signal, progress: () => undefined, workDir: '/tmp' };

class FakeSpeech extends SpeechPort {
  readonly name = 'fake';
  constructor(private readonly result: SpeechResult) {
    super();
  }
  voices() {
    return ['v1'];
  }
  synthesize(_request: SpeechRequest): Promise<SpeechResult> {
    return Promise.resolve(this.result);
  }
}

class FakeAligner extends WordAlignerPort {
  readonly name = 'fake';
  readonly requests: AlignmentRequest[] = [];
  align(request: AlignmentRequest) {
    this.requests.push(request);
    return Promise.resolve(request.text.split(' ').map((text, index) => ({ text, startMs: index * 300, endMs: index * 300 + 250 })));
  }
}

/** The caller "me" owns one cloned voice, `clone:mine`. */
const clones = { voiceOf: (userId: string, voiceId: string) => Promise.resolve(userId === 'me' && voiceId === 'clone:mine' ? { id: 'mine' } : undefined) } as unknown as VoiceClonesService;
const service = (speech: SpeechPort, aligner: WordAlignerPort) => new AudioService(speech, aligner, {} as StorageService, {} as ProjectsRepository, clones);

describe('word timings of speech', () => {
  it('aligns the script to the audio when the engine gives no word timings (Replicate)', async () => {
    const aligner = new FakeAligner();
    const result = await service(new FakeSpeech({ audio: { path: '/tmp/speech.mp3', contentType: 'audio/mpeg' }, durationSeconds: 1 }), aligner).synthesize(PARAMS, context);
    expect(aligner.requests).toEqual([{ audioPath: '/tmp/speech.mp3', text: PARAMS.text }]);
    expect(result.words?.map((word) => word.text)).toEqual(['Hello', 'there,', 'friend.']);
    expect(hasTimings(result)).toBe(true);
    expect(JSON.parse(timingsFile(result).toString())).toEqual({ words: result.words });
  });

  it('keeps the engine’s own word timings (embedded) and aligns nothing', async () => {
    const aligner = new FakeAligner();
    const words = [{ text: 'Hello', startMs: 0, endMs: 200 }];
    const phonemes = [{ text: 'h', startMs: 0, endMs: 50 }];
    const result = await service(new FakeSpeech({ audio: { path: '/tmp/a.mp3', contentType: 'audio/mpeg' }, durationSeconds: 1, words, phonemes }), aligner).synthesize(PARAMS, context);
    expect(aligner.requests).toEqual([]);
    expect(JSON.parse(timingsFile(result).toString())).toEqual({ phonemes, words });
  });
});

describe('the voice a speech request may use', () => {
  const audio = service(new FakeSpeech({ audio: { path: '/tmp/a.mp3', contentType: 'audio/mpeg' }, durationSeconds: 1 }), new FakeAligner());
  const body = (voice_id: string) => ({ text: 'Hi', voice_id });

  it("takes the provider's voices and the caller's own cloned voice, and refuses another's clone or an unknown voice", async () => {
    expect((await audio.userParamsOf('me', body('v1'))).voice_id).toBe('v1');
    expect((await audio.userParamsOf('me', body('clone:mine'))).voice_id).toBe('clone:mine');
    await expect(audio.userParamsOf('someone else', body('clone:mine'))).rejects.toMatchObject({ message: CLONED_VOICE_UNKNOWN });
    await expect(audio.userParamsOf('me', body('nobody'))).rejects.toMatchObject({ message: 'voice_id must be one of: v1' });
  });

  it('refuses a cloned voice where no owner is checked after', () => {
    expect(() => audio.paramsOf(body('clone:mine'))).toThrow('voice_id must be one of: v1');
  });
});
