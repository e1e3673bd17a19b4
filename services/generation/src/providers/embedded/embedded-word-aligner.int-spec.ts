import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { synthesizeSpeech } from '@lipcast/media-engine';
import { EmbeddedSpeech } from './embedded-speech';
import { EmbeddedWordAligner } from './embedded-word-aligner';

const SCRIPT = 'Our new app saves you an hour a day. Try it free this week, and tell your friends.';

describe('the embedded word aligner on an MP3 (speech without word timings, as Replicate gives it)', () => {
  jest.setTimeout(60_000);
  let workDir: string;
  beforeAll(async () => (workDir = await mkdtemp(join(tmpdir(), 'aligner-'))));
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('finds every word of the script in order, most within 150 ms of where the engine said it', async () => {
    const context = { signal: new AbortController().signal, progress: () => undefined, workDir };
    const request = { text: SCRIPT, voiceId: 'Casual_Guy', emotion: 'neutral', pitch: 0, speed: 1, volume: 1, language: 'English' };
    const speech = await new EmbeddedSpeech().synthesize(request, context);
    const engine = await synthesizeSpeech(request);

    const aligned = await new EmbeddedWordAligner().align({ audioPath: speech.audio.path, text: SCRIPT }, context);
    expect(aligned.map((word) => word.text)).toEqual(SCRIPT.split(' '));
    for (let i = 1; i < aligned.length; i++) expect(aligned[i]!.startMs).toBeGreaterThanOrEqual(aligned[i - 1]!.endMs);
    const errors = aligned.map((word, index) => Math.abs(word.startMs - engine.words[index]!.startMs)).sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThanOrEqual(150);
    expect(aligned.at(-1)!.endMs).toBeLessThanOrEqual(speech.durationSeconds * 1000 + 50);
  });
});
