import OpenAI from 'openai';
import { startOpenAiStandIn, type OpenAiStandIn } from './stand-in.ts';

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
});
