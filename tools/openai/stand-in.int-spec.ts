import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { runFfmpeg } from '../replicate/media.ts';
import { STAND_IN_TRANSCRIPT, startOpenAiStandIn, type OpenAiStandIn } from './stand-in.ts';

const KEY = 'sk-stand-in-own-tests';

/** The SDK's error for a call, or a failure when the call succeeds. */
async function apiError(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('expected the stand-in to refuse the request');
}

describe('OpenAI stand-in', () => {
  let today = new Date('2026-11-23T12:00:00Z');
  let standIn: OpenAiStandIn;
  let openai: OpenAI;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn({ port: 0, apiKey: KEY, now: () => today });
    openai = new OpenAI({ apiKey: KEY, baseURL: standIn.url, maxRetries: 0 });
  });

  afterAll(() => standIn.stop());

  it('refuses a model past the shutdown date the SDK announces, as OpenAI does', async () => {
    const error = await apiError(openai.responses.create({ model: 'gpt-4-32k', input: 'Topic: anything' }));

    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.error).toEqual({
      message: 'The model `gpt-4-32k` has been deprecated, learn more here: https://developers.openai.com/api/docs/deprecations',
      type: 'invalid_request_error',
      param: null,
      code: 'model_not_found',
    });
  });

  it('serves a model until its shutdown day', async () => {
    today = new Date('2027-01-13T23:59:59Z');
    const lastDay = await openai.responses.create({ model: 'gpt-4.1-mini', input: 'Topic: last call' });
    today = new Date('2027-01-14T00:00:00Z');
    const error = await apiError(openai.responses.create({ model: 'gpt-4.1-mini', input: 'Topic: last call' }));
    today = new Date('2026-11-23T12:00:00Z');

    expect(lastDay.output_text).toContain('last call');
    expect(error.status).toBe(404);
    expect(error.code).toBe('model_not_found');
  });

  it('refuses an ID the SDK marks as not a supported model', async () => {
    const error = await apiError(openai.responses.create({ model: 'gpt-5.1-mini', input: 'Topic: anything' }));

    expect(error.status).toBe(404);
    expect(error.message).toContain('The model `gpt-5.1-mini` does not exist or you do not have access to it.');
  });

  it('refuses a max_output_tokens below 16', async () => {
    const error = await apiError(openai.responses.create({ model: 'gpt-5.4-mini', input: 'Topic: anything', max_output_tokens: 8 }));

    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toMatchObject({ code: 'integer_below_min_value', param: 'max_output_tokens' });
  });

  it('spends the cap on reasoning first and cuts the answer off at the cap', async () => {
    const whole = await openai.responses.create({ model: 'gpt-5.4-mini', input: 'Topic: stretching at work' });
    const capped = await openai.responses.create({ model: 'gpt-5.4-mini', input: 'Topic: stretching at work', max_output_tokens: 310, reasoning: { effort: 'low' } });

    expect(whole.status).toBe('completed');
    expect(capped.status).toBe('incomplete');
    expect(capped.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(capped.output_text).toBe(whole.output_text.slice(0, 40)); // 310 − 300 reasoning tokens = 10 tokens of text
    expect(capped.usage?.output_tokens_details.reasoning_tokens).toBe(300);
    expect(standIn.requests.at(-1)).toEqual({ model: 'gpt-5.4-mini', maxOutputTokens: 310, reasoningEffort: 'low' });
  });

  it('refuses a reasoning effort for a model that does not reason', async () => {
    const error = await apiError(openai.responses.create({ model: 'gpt-4.1-mini', input: 'Topic: anything', reasoning: { effort: 'low' } }));

    expect(error.status).toBe(400);
    expect(error.error).toMatchObject({ code: 'unsupported_parameter', param: 'reasoning.effort' });
  });

  describe('POST /v1/audio/transcriptions', () => {
    let wav: Buffer;
    const post = (form: FormData) => fetch(`${standIn.url}/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: form });
    const formOf = (fields: Record<string, string>, file?: { bytes: Buffer; name: string }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
      return form;
    };

    beforeAll(async () => {
      const folder = await mkdtemp(join(tmpdir(), 'openai-stand-in-spec-'));
      await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=2', '-ac', '1', join(folder, 'voice.wav')]);
      wav = await readFile(join(folder, 'voice.wav'));
      await rm(folder, { recursive: true, force: true });
    });

    it('answers the published inputs (whisper-1, verbose_json, word timestamps) with words over the length of the audio', async () => {
      const transcription = await openai.audio.transcriptions.create({
        model: 'whisper-1',
        file: await toFile(wav, 'voice.wav'),
        response_format: 'verbose_json',
        timestamp_granularities: ['word'],
      });

      expect(transcription.text).toBe(STAND_IN_TRANSCRIPT);
      expect(transcription.duration).toBe(2);
      expect(transcription.words?.map((word) => word.word).join(' ')).toBe(STAND_IN_TRANSCRIPT.replace('.', ''));
      expect(transcription.words?.at(-1)?.end).toBeLessThanOrEqual(2);
      expect(standIn.transcriptions.at(-1)).toEqual({ model: 'whisper-1', fileName: 'voice.wav', responseFormat: 'verbose_json', timestampGranularities: ['word'] });
    });

    it('refuses a missing file or model, an unsupported format, undecodable audio and word timestamps the model cannot give, as OpenAI does', async () => {
      const file = { bytes: wav, name: 'voice.wav' };
      const noFile = await post(formOf({ model: 'whisper-1' }));
      const noModel = await post(formOf({}, file));
      const wrongFormat = await post(formOf({ model: 'whisper-1' }, { bytes: wav, name: 'voice.aiff' }));
      const notAudio = await post(formOf({ model: 'whisper-1' }, { bytes: Buffer.from('not audio at all'), name: 'voice.mp3' }));
      const notWhisper = await post(formOf({ model: 'gpt-4o-transcribe', response_format: 'verbose_json', 'timestamp_granularities[]': 'word' }, file));

      expect([noFile.status, await noFile.json()]).toEqual([400, { error: { message: "Missing required parameter: 'file'.", type: 'invalid_request_error', param: 'file', code: 'missing_required_parameter' } }]);
      expect([noModel.status, await noModel.json()]).toEqual([400, { error: { message: "Missing required parameter: 'model'.", type: 'invalid_request_error', param: 'model', code: 'missing_required_parameter' } }]);
      expect(wrongFormat.status).toBe(400);
      expect(await wrongFormat.json()).toMatchObject({ error: { code: 'invalid_value', param: 'file', message: expect.stringContaining('Invalid file format. Supported formats:') } });
      expect([notAudio.status, await notAudio.json()]).toEqual([400, { error: { message: 'Audio file might be corrupted or unsupported', type: 'invalid_request_error', param: 'file', code: 'invalid_value' } }]);
      expect(notWhisper.status).toBe(400);
      expect(await notWhisper.json()).toMatchObject({ error: { param: 'response_format' } });
    });
  });
});
