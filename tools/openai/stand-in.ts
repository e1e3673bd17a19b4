/**
 * A local stand-in for OpenAI's Responses API, so the script adapter runs its production code path, with
 * the official `openai` SDK, offline. Point the SDK at it with
 * `new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.url })`.
 *
 * Speaks POST /v1/responses (non-streaming) with Bearer auth and OpenAI's error shape
 * `{error: {message, type, param, code}}`. The answer is a deterministic script about the input's topic
 * (the input text, or the text of its messages, without a leading "Topic:"): a hook, one point and a
 * call to action, 20-35 words (a long topic can go past a 15-second budget), chosen by the topic's hash.
 *
 * As strict as the real API where our adapter could go wrong:
 *   - a model past the shutdown date the installed SDK announces for it (tools/openai/sdk-model-shutdowns.ts,
 *     read at start; `now` moves the stand-in's clock) answers 404 model_not_found, "The model `…` has been
 *     deprecated", as OpenAI answers for a retired model; an ID the SDK marks unsupported answers 404 too;
 *   - `max_output_tokens` must be an integer of at least 16, and it caps the answer: reasoning tokens
 *     (fixed stand-in figures per `reasoning.effort`: low 300, medium 1200, …) count against it first,
 *     and an answer that does not fit comes back cut off with status "incomplete";
 *   - `reasoning` is refused (400 unsupported_parameter) for models that do not reason (gpt-4*, gpt-3.5*,
 *     chatgpt-*, *-chat-latest);
 *   - every request's model, `max_output_tokens` and `reasoning.effort` are kept in `requests`, so tests
 *     can assert what was sent.
 *
 * Magic inputs, for tests:
 *   [long]    the script runs to six sentences (~70 words): longer than a 15-second budget
 *   [messy]   the script comes wrapped in quotes, with a speaker label, stage directions, hashtags and an emoji
 *   [429xN]   the first N requests with this input answer 429 (Retry-After: 1); `[429]` answers 429 every time
 *   [fail]    500 server_error
 *   [hang]    the request is never answered (for client time-outs)
 *   [overthink]  reasoning takes 20 times the effort's figure (for a cap that reasoning uses up)
 * A missing or different key answers 401 invalid_api_key.
 *
 * Also speaks POST /v1/audio/transcriptions (multipart: `file`, `model`, `response_format`,
 * `timestamp_granularities[]`), as strict as the real API where our transcriber could go wrong: a missing
 * `file` or `model` is 400 missing_required_parameter; a file whose name is not one of the formats
 * OpenAI lists (flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm), or that ffmpeg cannot decode,
 * is 400 invalid_value; word timestamps need `verbose_json`, and whisper-1 is the model that gives
 * them (`verbose_json` with a gpt-4o transcribe model is 400). It hears no words: the transcript is
 * `STAND_IN_TRANSCRIPT`, its words spread evenly over the audio's real (decoded) length.
 *
 * Does not speak: streaming, tools, structured output, conversations, other endpoints.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate, headerValue, jsonSender, listen, originOf, parseJsonObject, readBody, readText, stopServer, type ApiKeyCheck } from '../lib/http-stand-in.ts';
import { audioSeconds } from '../replicate/media.ts';
import { readSdkModelShutdowns } from './sdk-model-shutdowns.ts';

export interface OpenAiStandInOptions {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  /** The key clients must send. */
  apiKey: string;
  /** The stand-in's clock, for the shutdown dates; default the real one. */
  now?: () => Date;
}

/** What one POST /v1/responses asked for. */
export interface ReceivedResponseRequest {
  model: string;
  maxOutputTokens: number | undefined;
  reasoningEffort: string | undefined;
}

/** What one POST /v1/audio/transcriptions asked for. */
export interface ReceivedTranscriptionRequest {
  model: string;
  fileName: string;
  responseFormat: string;
  timestampGranularities: string[];
}

export interface OpenAiStandIn {
  url: string; // http://127.0.0.1:<port>/v1, the SDK's baseURL
  apiKey: string;
  /** Every well-formed request, oldest first. */
  requests: ReceivedResponseRequest[];
  /** Every well-formed transcription request, oldest first. */
  transcriptions: ReceivedTranscriptionRequest[];
  stop(): Promise<void>;
}

/** Stand-in figures, not OpenAI's: reasoning tokens a short answer takes at each effort. */
const REASONING_TOKENS: Record<string, number> = { none: 0, minimal: 60, low: 300, medium: 1200, high: 4000, xhigh: 10_000, max: 20_000 };
/** Models that do not reason: `reasoning` is refused for them. */
const NOT_REASONING = /^(?:gpt-4|gpt-3\.5|chatgpt-)|-chat-latest$/;
const DEPRECATIONS_URL = 'https://developers.openai.com/api/docs/deprecations';

const HOOKS = [
  'Here is the thing nobody tells you about {topic}.',
  'Want to get better at {topic}? Start here.',
  'I tried {topic} for a month, and it surprised me.',
  'Let me show you why {topic} matters more than you think.',
];
const POINTS = [
  'Start small and do it every single day.',
  'The secret is keeping it simple and consistent.',
  'Most people quit right before it starts working.',
  'Ten focused minutes beat an hour of guessing.',
];
const CALLS = ['Try it this week and tell me how it goes!', 'Follow for more tips like this.', 'Save this so you remember it.', 'Share this with a friend who needs it.'];
const EXTRAS = [
  'I used to think it was only for experts, but that was never true.',
  'Write down what you did each day, because progress you can see keeps you going.',
  'When it feels hard, shrink the goal instead of skipping the day.',
  'After a few weeks you will notice the change without even trying.',
];

class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly headers: Record<string, string>;
  readonly param: string | null;

  constructor(status: number, type: string, code: string | null, message: string, headers: Record<string, string> = {}, param: string | null = null) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.headers = headers;
    this.param = param;
  }
}

export async function startOpenAiStandIn(options: OpenAiStandInOptions): Promise<OpenAiStandIn> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const attempts = new Map<string, number>();
  const requests: ReceivedResponseRequest[] = [];
  const transcriptions: ReceivedTranscriptionRequest[] = [];
  const { shutdowns, unsupported } = readSdkModelShutdowns();
  const keyCheck = apiKeyCheck(options.apiKey);

  /** 404 for a model OpenAI no longer (or never) serves, in the API's words. */
  function checkServed(model: string): void {
    const notFound = (message: string) => new HttpError(404, 'invalid_request_error', 'model_not_found', message);
    if (unsupported.includes(model)) throw notFound(`The model \`${model}\` does not exist or you do not have access to it.`);
    const shutdown = shutdowns[model];
    if (shutdown && now().toISOString().slice(0, 10) >= shutdown) {
      throw notFound(`The model \`${model}\` has been deprecated, learn more here: ${DEPRECATIONS_URL}`);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    authenticate(req, keyCheck);
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') return transcribe(req, res);
    if (req.method !== 'POST' || path !== '/v1/responses') {
      throw new HttpError(404, 'invalid_request_error', 'unknown_url', `Invalid URL (${req.method} ${path})`);
    }
    const body = parseJsonObject(await readText(req));
    if (!body) throw new HttpError(400, 'invalid_request_error', null, 'We could not parse the JSON body of your request.');
    const model = typeof body.model === 'string' ? body.model : '';
    if (!model) throw new HttpError(400, 'invalid_request_error', 'missing_required_parameter', "Missing required parameter: 'model'.");
    const input = inputText(body.input);
    if (!input.trim()) throw new HttpError(400, 'invalid_request_error', 'missing_required_parameter', "Missing required parameter: 'input'.");
    checkServed(model);
    const maxOutputTokens = outputCap(body.max_output_tokens);
    const reasoningEffort = effortOf(body.reasoning, model);
    requests.push({ model, maxOutputTokens, reasoningEffort });
    if (input.includes('[hang]')) return; // never answered; stop() closes the connection
    const rateLimit = /\[429(?:x(\d+))?\]/.exec(input);
    if (rateLimit) {
      const seen = attempts.get(input) ?? 0;
      attempts.set(input, seen + 1);
      if (!rateLimit[1] || seen < Number(rateLimit[1])) {
        throw new HttpError(429, 'requests', 'rate_limit_exceeded', `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 1s.`, {
          'retry-after': '1',
        });
      }
    }
    if (input.includes('[fail]')) throw new HttpError(500, 'server_error', null, 'The server had an error while processing your request. Sorry about that!');
    const reasoningTokens = (REASONING_TOKENS[reasoningEffort ?? 'none'] ?? 0) * (input.includes('[overthink]') ? 20 : 1);
    sendJson(res, 200, responseBody({ model, instructions: body.instructions, text: writeScript(input), maxOutputTokens, reasoningEffort, reasoningTokens }));
  }

  async function transcribe(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const missing = (name: string) => new HttpError(400, 'invalid_request_error', 'missing_required_parameter', `Missing required parameter: '${name}'.`, {}, name);
    const form = await readForm(req);
    const file = form.get('file');
    const model = form.get('model');
    if (typeof file === 'string' || !file) throw missing('file');
    if (typeof model !== 'string' || !model) throw missing('model');
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!TRANSCRIPTION_FORMATS.includes(extension)) {
      throw new HttpError(400, 'invalid_request_error', 'invalid_value', `Invalid file format. Supported formats: ${JSON.stringify(TRANSCRIPTION_FORMATS)}`, {}, 'file');
    }
    if (!TRANSCRIPTION_MODELS.includes(model)) throw new HttpError(404, 'invalid_request_error', 'model_not_found', `The model \`${model}\` does not exist or you do not have access to it.`);
    const responseFormat = String(form.get('response_format') ?? 'json');
    const granularities = form.getAll('timestamp_granularities[]').map(String);
    if (responseFormat === 'verbose_json' && model !== 'whisper-1') {
      throw new HttpError(400, 'invalid_request_error', 'unsupported_value', `response_format 'verbose_json' is not compatible with model '${model}'. Use 'json' or 'text' instead.`, {}, 'response_format');
    }
    if (granularities.length && responseFormat !== 'verbose_json') {
      throw new HttpError(400, 'invalid_request_error', 'invalid_value', "timestamp_granularities[] is only supported with response_format 'verbose_json'.", {}, 'timestamp_granularities');
    }
    const seconds = await decodedSeconds(Buffer.from(await file.arrayBuffer()), extension);
    if (seconds === null) throw new HttpError(400, 'invalid_request_error', 'invalid_value', 'Audio file might be corrupted or unsupported', {}, 'file');
    transcriptions.push({ model, fileName: file.name, responseFormat, timestampGranularities: granularities });
    if (responseFormat !== 'verbose_json') return sendJson(res, 200, { text: STAND_IN_TRANSCRIPT, usage: { type: 'duration', seconds: Math.ceil(seconds) } });
    const words = STAND_IN_TRANSCRIPT.replace(/[.,!?]/g, '').split(' ');
    const step = seconds / words.length;
    sendJson(res, 200, {
      task: 'transcribe',
      language: 'english',
      duration: seconds,
      text: STAND_IN_TRANSCRIPT,
      ...(granularities.includes('word') ? { words: words.map((word, index) => ({ word, start: round2(index * step), end: round2((index + 0.8) * step) })) } : {}),
      ...(granularities.length === 0 || granularities.includes('segment') ? { segments: [{ id: 0, seek: 0, start: 0, end: seconds, text: ` ${STAND_IN_TRANSCRIPT}` }] } : {}),
      usage: { type: 'duration', seconds: Math.ceil(seconds) },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        return sendJson(res, error.status, { error: { message: error.message, type: error.type, param: error.param, code: error.code } }, error.headers);
      }
      process.stderr.write(`[openai stand-in] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      sendJson(res, 500, { error: { message: 'The OpenAI stand-in failed.', type: 'server_error', param: null, code: null } });
    });
  });
  const port = await listen(server, options.port, host);
  return {
    url: `${originOf(host, port)}/v1`,
    apiKey: options.apiKey,
    requests,
    transcriptions,
    stop: () => stopServer(server),
  };
}

/** What the stand-in "hears" in any audio. */
export const STAND_IN_TRANSCRIPT = 'Hello from the stand-in transcription of your recording.';
/** The file formats OpenAI's transcription takes, as its error lists them. */
const TRANSCRIPTION_FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
const TRANSCRIPTION_MODELS = ['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe'];
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A multipart body as the Fetch API reads it; a body that is not multipart reads as an empty form. */
async function readForm(req: IncomingMessage): Promise<FormData> {
  const type = headerValue(req, 'content-type') ?? '';
  const body = await readBody(req);
  if (!type.startsWith('multipart/form-data')) return new FormData();
  return new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData().catch(() => new FormData());
}

/** The audio's length, decoded by ffmpeg; null when ffmpeg cannot decode it. */
async function decodedSeconds(bytes: Buffer, extension: string): Promise<number | null> {
  const folder = await mkdtemp(join(tmpdir(), 'openai-stand-in-'));
  try {
    const path = join(folder, `audio.${extension}`);
    await writeFile(path, bytes);
    const seconds = await audioSeconds(path).catch(() => 0);
    return seconds > 0 ? round2(seconds) : null;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A script about the topic; deterministic per input, so tests and retries see the same answer. */
export function writeScript(input: string): string {
  const topic = topicPhrase(input);
  const seed = createHash('sha256').update(topic).digest();
  const pick = (list: readonly string[], index: number) => list[seed[index] % list.length];
  const sentences = [pick(HOOKS, 0).replace('{topic}', topic), pick(POINTS, 1)];
  if (input.includes('[long]')) sentences.push(...EXTRAS);
  sentences.push(pick(CALLS, 2));
  const script = sentences.join(' ');
  if (!input.includes('[messy]')) return script;
  return `Narrator: "${sentences[0]} (smiles) ${sentences.slice(1).join(' [pause] ')}" 🚀\n#${topic.split(' ')[0]} #tips`;
}

/** The topic as a short phrase: without the "Topic:" label and magic markers, at most six words. */
function topicPhrase(input: string): string {
  const words = input
    .replace(/^\s*topic\s*:\s*/i, '')
    .replace(/\[[^\]]*\]/g, ' ')
    .split(/[.!?\n]/)[0]
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
  const phrase = words.join(' ').replace(/[,:;]+$/, '') || 'this';
  return phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

interface Answer {
  model: string;
  instructions: unknown;
  text: string;
  maxOutputTokens: number | undefined;
  reasoningEffort: string | undefined;
  reasoningTokens: number;
}

/**
 * The Responses API object the SDK parses (it derives `output_text` from the output messages). Reasoning
 * spends the cap first; text past what is left is cut off and the response is "incomplete".
 */
function responseBody(answer: Answer) {
  const createdAt = Math.floor(Date.now() / 1000);
  const cap = answer.maxOutputTokens ?? Infinity;
  const reasoningTokens = Math.min(answer.reasoningTokens, cap);
  const textRoom = cap - reasoningTokens;
  const text = tokensOf(answer.text) <= textRoom ? answer.text : answer.text.slice(0, textRoom * 4);
  const incomplete = text !== answer.text;
  const outputTokens = reasoningTokens + tokensOf(text);
  const output: unknown[] = [];
  if (reasoningTokens > 0) output.push({ id: `rs_${randomBytes(24).toString('hex')}`, type: 'reasoning', summary: [] });
  if (text) {
    output.push({
      id: `msg_${randomBytes(24).toString('hex')}`,
      type: 'message',
      status: incomplete ? 'incomplete' : 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
    });
  }
  return {
    id: `resp_${randomBytes(24).toString('hex')}`,
    object: 'response',
    created_at: createdAt,
    completed_at: incomplete ? null : createdAt,
    status: incomplete ? 'incomplete' : 'completed',
    error: null,
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    instructions: typeof answer.instructions === 'string' ? answer.instructions : null,
    max_output_tokens: answer.maxOutputTokens ?? null,
    model: answer.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: answer.reasoningEffort ?? null, summary: null },
    store: false,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: 80,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: reasoningTokens },
      total_tokens: 80 + outputTokens,
    },
    metadata: {},
  };
}

/** The stand-in's token count: about four characters a token, as OpenAI's rule of thumb. */
const tokensOf = (text: string) => Math.ceil(text.length / 4);

/** `max_output_tokens` as the API validates it: absent, or an integer of at least 16. */
function outputCap(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new HttpError(400, 'invalid_request_error', 'invalid_type', `Invalid type for 'max_output_tokens': expected an integer, but got ${typeof value === 'number' ? 'a decimal' : `a ${typeof value}`} instead.`, {}, 'max_output_tokens');
  }
  if (value < 16) {
    throw new HttpError(400, 'invalid_request_error', 'integer_below_min_value', `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got ${value} instead.`, {}, 'max_output_tokens');
  }
  return value;
}

/** `reasoning.effort`, refused for a model that does not reason or an effort the API does not know. */
function effortOf(reasoning: unknown, model: string): string | undefined {
  if (reasoning === undefined || reasoning === null) return undefined;
  const effort = (reasoning as { effort?: unknown }).effort;
  if (effort === undefined || effort === null) return undefined;
  if (NOT_REASONING.test(model)) {
    throw new HttpError(400, 'invalid_request_error', 'unsupported_parameter', "Unsupported parameter: 'reasoning.effort' is not supported with this model.", {}, 'reasoning.effort');
  }
  if (typeof effort !== 'string' || !(effort in REASONING_TOKENS)) {
    const known = Object.keys(REASONING_TOKENS).map((name) => `'${name}'`).join(', ');
    throw new HttpError(400, 'invalid_request_error', 'invalid_value', `Invalid value: '${String(effort)}'. Supported values are: ${known}.`, {}, 'reasoning.effort');
  }
  return effort;
}

/** `input` as a string, or messages whose content is a string or `input_text` parts. */
function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return '';
  return input
    .map((item: { content?: unknown }) => {
      if (typeof item?.content === 'string') return item.content;
      if (!Array.isArray(item?.content)) return '';
      return item.content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join(' ');
    })
    .join('\n');
}

/** OpenAI takes the key as Bearer only, and words a missing key and a wrong one differently. */
const apiKeyCheck = (apiKey: string): ApiKeyCheck => ({
  expected: apiKey,
  schemes: ['Bearer'],
  missing: () =>
    new HttpError(401, 'invalid_request_error', null, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth."),
  wrong: (key) =>
    new HttpError(
      401,
      'invalid_request_error',
      'invalid_api_key',
      `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    ),
});

/** OpenAI's answers carry a request id. */
const sendJson = jsonSender({ headers: () => ({ 'x-request-id': `req_${randomBytes(16).toString('hex')}` }) });
