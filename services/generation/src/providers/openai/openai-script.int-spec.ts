/* eslint-disable @nx/enforce-module-boundaries -- tests drive the adapters against the local stand-ins */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '@lipcast/media-tools';
import { STAND_IN_TRANSCRIPT, startOpenAiStandIn, writeScript, type OpenAiStandIn } from '../../../../../tools/openai/stand-in';
import { ProviderError } from '../../ports/media';
import { scriptSeconds } from '@lipcast/contracts';
import { scriptWordBudget } from '../../ports/script.port';
import { DEFAULT_OPENAI_MODEL, OPENAI_MESSAGES, OpenAiScript, scriptMaxOutputTokens, type OpenAiScriptOptions } from './openai-script';
import { providerError } from '../../testing';
import { OpenAiTranscriber, TRANSCRIPTION_MODEL } from './openai-transcriber';

const KEY = 'sk-stand-in-tests';


const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('OpenAiScript against the stand-in', () => {
  jest.setTimeout(15_000);
  let standIn: OpenAiStandIn;
  const signal = new AbortController().signal;
  const writer = (options: Partial<OpenAiScriptOptions> = {}) => new OpenAiScript({ apiKey: KEY, baseURL: standIn.url, maxRetries: 0, ...options });

  beforeAll(async () => {
    standIn = await startOpenAiStandIn({ port: 0, apiKey: KEY });
  });

  afterAll(() => standIn.stop());

  it('runs the default model with a capped output and low reasoning, and gets a script', async () => {
    const script = await writer().write({ topic: 'Drinking more water', maxDurationSeconds: 15 }, signal);

    expect(script.trim()).not.toBe('');
    expect(script).toContain('drinking more water');
    expect(standIn.requests.at(-1)).toEqual({ model: DEFAULT_OPENAI_MODEL, maxOutputTokens: scriptMaxOutputTokens(30, 'low'), reasoningEffort: 'low' });
  });

  it('leaves room under the cap for the longest script and its reasoning', async () => {
    const topic = 'Planning a week of meals [long]';
    const script = await writer().write({ topic, maxDurationSeconds: 60 }, signal);

    expect(script).toBe(writeScript(`Topic: ${topic}`)); // whole: nothing was cut off at the cap
    expect(standIn.requests.at(-1)?.maxOutputTokens).toBe(scriptMaxOutputTokens(scriptWordBudget(60), 'low'));
  });

  it('reports a retired model as one OpenAI no longer serves', async () => {
    const error = await providerError(writer({ model: 'gpt-4-32k', logger: { warn: () => undefined } }).write({ topic: 'Anything at all', maxDurationSeconds: 15 }, signal));

    expect(error.kind).toBe('failed');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'OpenAI does not serve the script model gpt-4-32k (OPENAI_MODEL): The model `gpt-4-32k` has been deprecated, learn more here: https://developers.openai.com/api/docs/deprecations',
    );
  });

  it('runs a model up to its shutdown day and is refused from then on', async () => {
    let today = new Date('2027-01-13T23:59:00Z');
    const dated = await startOpenAiStandIn({ port: 0, apiKey: KEY, now: () => today });
    try {
      const gpt41 = new OpenAiScript({ apiKey: KEY, baseURL: dated.url, maxRetries: 0, model: 'gpt-4.1-mini', reasoningEffort: 'off', now: () => today, logger: { warn: () => undefined } });
      expect(await gpt41.write({ topic: 'Last day of a model', maxDurationSeconds: 15 }, signal)).toContain('last day of a model');

      today = new Date('2027-01-14T00:00:00Z');
      const error = await providerError(gpt41.write({ topic: 'Last day of a model', maxDurationSeconds: 15 }, signal));
      expect(error.message).toMatch(/^OpenAI does not serve the script model gpt-4\.1-mini \(OPENAI_MODEL\): The model `gpt-4\.1-mini` has been deprecated/);
    } finally {
      await dated.stop();
    }
  });

  it('sends no reasoning effort to a model that does not reason when told "off"', async () => {
    const dated = await startOpenAiStandIn({ port: 0, apiKey: KEY, now: () => new Date('2026-12-01T00:00:00Z') });
    try {
      const options = { apiKey: KEY, baseURL: dated.url, maxRetries: 0, model: 'gpt-4.1-mini', logger: { warn: () => undefined } };
      const refused = await providerError(new OpenAiScript(options).write({ topic: 'Older models', maxDurationSeconds: 15 }, signal));
      expect(refused.kind).toBe('invalid-input');
      expect(refused.message).toBe("OpenAI refused the request: Unsupported parameter: 'reasoning.effort' is not supported with this model.");

      const script = await new OpenAiScript({ ...options, reasoningEffort: 'off' }).write({ topic: 'Older models', maxDurationSeconds: 15 }, signal);
      expect(script).toContain('older models');
      expect(dated.requests.at(-1)).toEqual({ model: 'gpt-4.1-mini', maxOutputTokens: scriptMaxOutputTokens(30, 'off'), reasoningEffort: undefined });
    } finally {
      await dated.stop();
    }
  });

  it('reports an answer whose reasoning used up the cap as empty', async () => {
    const error = await providerError(writer().write({ topic: 'Deep questions [overthink]', maxDurationSeconds: 15 }, signal));

    expect(error.kind).toBe('failed');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(OPENAI_MESSAGES.empty);
  });

  it('writes a spoken script about the topic within the 15-second budget', async () => {
    const script = await writer().write({ topic: 'Morning stretches', maxDurationSeconds: 15 }, signal);

    expect(script).toContain('morning stretches');
    expect(script).toMatch(/[.!?]$/);
    expect(scriptSeconds(script)).toBeLessThanOrEqual(15);
    expect(countWords(script)).toBeGreaterThan(10);
  });

  it('trims a too-long answer at the last sentence that fits the budget', async () => {
    const topic = 'Learning to cook at home [long]';
    const answer = writeScript(`Topic: ${topic}`);
    expect(countWords(answer)).toBeGreaterThan(scriptWordBudget(15)); // the stand-in really answers too long

    const script = await writer().write({ topic, maxDurationSeconds: 15 }, signal);

    expect(scriptSeconds(script)).toBeLessThanOrEqual(15);
    expect(countWords(script)).toBeLessThanOrEqual(30);
    expect(script).toMatch(/[.!?]$/);
    expect(answer.startsWith(script)).toBe(true); // whole sentences from the start, nothing invented
  });

  it('cuts at the word limit when no sentence ends within the budget', async () => {
    const script = await writer().write({ topic: 'Learning to cook at home [long]', maxDurationSeconds: 3 }, signal);

    expect(countWords(script)).toBe(scriptWordBudget(3)); // floor(2 × 2.2) = 4
    expect(script).toMatch(/\.$/);
    expect(scriptSeconds(script)).toBeLessThanOrEqual(3);
  });

  it('strips quotes, labels, stage directions, hashtags and emojis', async () => {
    const script = await writer().write({ topic: 'Saving money [messy]', maxDurationSeconds: 15 }, signal);

    expect(script).not.toMatch(/["“”#()[\]]|Narrator:|\p{Extended_Pictographic}/u);
    expect(script).not.toMatch(/smiles|pause/);
    expect(script).toContain('saving money');
  });

  it('reports a wrong key with the spec text', async () => {
    const error = await providerError(writer({ apiKey: 'sk-wrong' }).write({ topic: 'Anything', maxDurationSeconds: 15 }, signal));

    expect(error.kind).toBe('unauthorized');
    expect(error.message).toBe('Authentication failed. Please check your API token.');
  });

  it('reports a persistent rate limit with the spec text', async () => {
    const error = await providerError(writer().write({ topic: 'Busy [429]', maxDurationSeconds: 15 }, signal));

    expect(error.kind).toBe('rate-limited');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Rate limit exceeded. Please try again in a few minutes.');
  });

  it('lets the SDK wait out a passing rate limit', async () => {
    const script = await writer({ maxRetries: 2 }).write({ topic: 'Briefly busy [429x1]', maxDurationSeconds: 15 }, signal);

    expect(script).toContain('briefly busy');
  });

  it("reports a server error with OpenAI's reason", async () => {
    const error = await providerError(writer().write({ topic: 'Breaks [fail]', maxDurationSeconds: 15 }, signal));

    expect(error.kind).toBe('failed');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('OpenAI could not write the script: The server had an error while processing your request. Sorry about that!');
  });

  it('times out a request that is never answered', async () => {
    const error = await providerError(writer({ timeoutMs: 300 }).write({ topic: 'Silence [hang]', maxDurationSeconds: 15 }, signal));

    expect(error.kind).toBe('timeout');
    expect(error.retryable).toBe(true);
  });

  it('stops when the job is canceled', async () => {
    const abort = new AbortController();
    const writing = writer().write({ topic: 'Silence [hang]', maxDurationSeconds: 15 }, abort.signal);
    setImmediate(() => abort.abort());

    expect((await providerError(writing)).kind).toBe('canceled');
  });

  it('refuses to start without a key', () => {
    for (const apiKey of [undefined, '', ' ']) {
      let thrown: unknown;
      try {
        new OpenAiScript({ apiKey, baseURL: standIn.url });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ProviderError);
      expect(thrown).toMatchObject({ kind: 'missing-key', message: 'API key missing: set OPENAI_API_KEY' });
    }
  });
});

describe('OpenAiTranscriber against the stand-in', () => {
  jest.setTimeout(15_000);
  let standIn: OpenAiStandIn;
  let workDir: string;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn({ port: 0, apiKey: KEY });
    workDir = await mkdtemp(join(tmpdir(), 'openai-transcriber-'));
  });

  afterAll(async () => {
    await standIn.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  it('sends whisper-1 with verbose_json and word timestamps, and gives the words with their times in milliseconds', async () => {
    const audioPath = join(workDir, 'voice.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-ac', '1', '-c:a', 'libmp3lame', audioPath]);

    const words = await new OpenAiTranscriber({ apiKey: KEY, baseURL: standIn.url, maxRetries: 0 }).transcribe(audioPath, { workDir, signal: new AbortController().signal, progress: () => undefined });

    expect(words.map((word) => word.text).join(' ')).toBe(STAND_IN_TRANSCRIPT.replace('.', ''));
    expect(words[0].startMs).toBe(0);
    for (const [index, word] of words.entries()) {
      expect(word.endMs).toBeGreaterThan(word.startMs);
      if (index) expect(word.startMs).toBeGreaterThanOrEqual(words[index - 1].endMs);
    }
    expect(words.at(-1)!.endMs).toBeGreaterThan(2500);
    expect(words.at(-1)!.endMs).toBeLessThanOrEqual(3100);
    expect(standIn.transcriptions.at(-1)).toEqual({ model: TRANSCRIPTION_MODEL, fileName: 'voice.mp3', responseFormat: 'verbose_json', timestampGranularities: ['word'] });
  });

  it('fails with the reason OpenAI gives when the key is wrong', async () => {
    const audioPath = join(workDir, 'voice.mp3');
    const failure = await providerError(new OpenAiTranscriber({ apiKey: 'sk-wrong', baseURL: standIn.url, maxRetries: 0 }).transcribe(audioPath, { workDir, signal: new AbortController().signal, progress: () => undefined }));

    expect(failure.kind).toBe('failed');
    expect(failure.message).toContain('OpenAI could not transcribe the audio: 401');
  });
});
