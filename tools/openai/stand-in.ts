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
 * Magic inputs, for tests:
 *   [long]    the script runs to six sentences (~70 words): longer than a 15-second budget
 *   [messy]   the script comes wrapped in quotes, with a speaker label, stage directions, hashtags and an emoji
 *   [429xN]   the first N requests with this input answer 429 (Retry-After: 1); `[429]` answers 429 every time
 *   [fail]    500 server_error
 *   [hang]    the request is never answered (for client time-outs)
 * A missing or different key answers 401 invalid_api_key.
 *
 * Does not speak: streaming, tools, structured output, conversations, other endpoints.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OpenAiStandInOptions {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  /** The key clients must send. */
  apiKey: string;
}

export interface OpenAiStandIn {
  url: string; // http://127.0.0.1:<port>/v1, the SDK's baseURL
  apiKey: string;
  stop(): Promise<void>;
}

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

  constructor(status: number, type: string, code: string | null, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.headers = headers;
  }
}

export async function startOpenAiStandIn(options: OpenAiStandInOptions): Promise<OpenAiStandIn> {
  const host = options.host ?? '127.0.0.1';
  const attempts = new Map<string, number>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    authenticate(req, options.apiKey);
    if (req.method !== 'POST' || path !== '/v1/responses') {
      throw new HttpError(404, 'invalid_request_error', 'unknown_url', `Invalid URL (${req.method} ${path})`);
    }
    const body = await readJson(req);
    const model = typeof body.model === 'string' ? body.model : '';
    if (!model) throw new HttpError(400, 'invalid_request_error', 'missing_required_parameter', "Missing required parameter: 'model'.");
    const input = inputText(body.input);
    if (!input.trim()) throw new HttpError(400, 'invalid_request_error', 'missing_required_parameter', "Missing required parameter: 'input'.");
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
    sendJson(res, 200, responseBody(model, body.instructions, writeScript(input)));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        return sendJson(res, error.status, { error: { message: error.message, type: error.type, param: null, code: error.code } }, error.headers);
      }
      process.stderr.write(`[openai stand-in] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      sendJson(res, 500, { error: { message: 'The OpenAI stand-in failed.', type: 'server_error', param: null, code: null } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
    apiKey: options.apiKey,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
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

/** The Responses API object the SDK parses (it derives `output_text` from the output messages). */
function responseBody(model: string, instructions: unknown, text: string) {
  const createdAt = Math.floor(Date.now() / 1000);
  const outputTokens = Math.ceil(text.length / 4);
  return {
    id: `resp_${randomBytes(24).toString('hex')}`,
    object: 'response',
    created_at: createdAt,
    completed_at: createdAt,
    status: 'completed',
    error: null,
    incomplete_details: null,
    instructions: typeof instructions === 'string' ? instructions : null,
    max_output_tokens: null,
    model,
    output: [
      {
        id: `msg_${randomBytes(24).toString('hex')}`,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
      },
    ],
    parallel_tool_calls: true,
    previous_response_id: null,
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
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 80 + outputTokens,
    },
    metadata: {},
  };
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

function authenticate(req: IncomingMessage, apiKey: string): void {
  const authorization = req.headers.authorization ?? '';
  const key = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!key) {
    throw new HttpError(401, 'invalid_request_error', null, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.");
  }
  if (key !== apiKey) {
    throw new HttpError(401, 'invalid_request_error', 'invalid_api_key', `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`);
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'invalid_request_error', null, 'We could not parse the JSON body of your request.');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${randomBytes(16).toString('hex')}`, ...headers });
  res.end(JSON.stringify(body));
}
