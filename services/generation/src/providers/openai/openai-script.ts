import { Logger } from '@nestjs/common';
import OpenAI from 'openai';
import { SCRIPT_TIMEOUT_MS } from '@lipcast/contracts';
import { ProviderError } from '../../ports/media';
import { ScriptPort, scriptWordBudget, type ScriptRequest } from '../../ports/script.port';
import { modelShutdownWarning } from './model-shutdowns';

/** The spec's texts (section 8); the UI titles the failure "Script Generation Failed". */
export const OPENAI_MESSAGES = {
  missingKey: 'API key missing: set OPENAI_API_KEY',
  unauthorized: 'Authentication failed. Please check your API token.',
  rateLimited: 'Rate limit exceeded. Please try again in a few minutes.',
  network: 'Network error. Please check your internet connection.',
  timeout: 'The script request timed out. Please try again.',
  canceled: 'The script request was canceled.',
  empty: 'The script came back empty. Please try again.',
} as const;

export interface OpenAiScriptOptions {
  /** OPENAI_API_KEY; missing → ProviderError 'missing-key'. */
  apiKey: string | undefined;
  /** Default https://api.openai.com/v1; the stand-in's `url` in development and tests. */
  baseURL?: string;
  /** Default DEFAULT_OPENAI_MODEL. */
  model?: string;
  /** OPENAI_REASONING_EFFORT; default 'low'. */
  reasoningEffort?: ScriptReasoningEffort;
  /** The SDK's retries of 408/409/429/5xx and connection errors, honouring Retry-After; default 2. */
  maxRetries?: number;
  /** The whole call, retries included; default 60 s. */
  timeoutMs?: number;
  /** For tests: today, for the start-up warning about the model's shutdown. */
  now?: () => Date;
  /** Where that warning goes; default the Nest logger. */
  logger?: { warn(message: string): void };
}

/**
 * A GA mini-class model with no announced shutdown in the openai SDK (7.57.0); it reasons, and takes
 * the efforts none, low, medium, high and xhigh.
 */
export const DEFAULT_OPENAI_MODEL = 'gpt-5.4-mini';

/** `reasoning.effort` to send, or 'off' (send none) for a model that does not reason, e.g. gpt-4.1. */
export const SCRIPT_REASONING_EFFORTS = ['off', 'none', 'minimal', 'low', 'medium'] as const;
export type ScriptReasoningEffort = (typeof SCRIPT_REASONING_EFFORTS)[number];

/**
 * Output tokens kept for reasoning before the script: reasoning counts against `max_output_tokens`, and
 * a cap that it uses up returns no script at all.
 */
const REASONING_ROOM: Record<ScriptReasoningEffort, number> = { off: 0, none: 0, minimal: 1024, low: 2048, medium: 8192 };

/**
 * The `max_output_tokens` cap, so a call has a cost bound: ~1.5 tokens a word of English with room for a
 * model that runs a little long (the answer is trimmed to the budget anyway), plus the reasoning room.
 */
export function scriptMaxOutputTokens(words: number, effort: ScriptReasoningEffort): number {
  return Math.ceil(words * 1.5) + 100 + REASONING_ROOM[effort];
}

const instructionsFor = (words: number, seconds: number) =>
  [
    'You write scripts for short talking-head videos: one person speaking straight to the camera.',
    `Write what they say about the topic the user gives, in at most ${words} words (about ${seconds} seconds spoken).`,
    'Make it natural spoken English: a hook, one concrete point, a short call to action.',
    'Answer with the spoken words only: no title, no quotes, no stage directions, no speaker labels, no hashtags, no emojis.',
  ].join(' ');

/** Topic → a short spoken script with OpenAI's Responses API, cleaned and held to the word budget. */
export class OpenAiScript extends ScriptPort {
  readonly name = 'openai';
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly reasoningEffort: ScriptReasoningEffort;
  private readonly timeoutMs: number;

  constructor(options: OpenAiScriptOptions) {
    super();
    const apiKey = options.apiKey?.trim();
    if (!apiKey) throw new ProviderError(OPENAI_MESSAGES.missingKey, 'missing-key');
    this.timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
    // The SDK's own per-attempt time-out only backs up ours (ours also bounds its retries).
    this.client = new OpenAI({ apiKey, baseURL: options.baseURL, maxRetries: options.maxRetries ?? 2, timeout: this.timeoutMs + 5000 });
    this.model = options.model ?? DEFAULT_OPENAI_MODEL;
    this.reasoningEffort = options.reasoningEffort ?? 'low';
    const warning = modelShutdownWarning(this.model, options.now?.() ?? new Date());
    if (warning) (options.logger ?? new Logger(OpenAiScript.name)).warn(warning);
  }

  async write(request: ScriptRequest, signal: AbortSignal): Promise<string> {
    const budget = scriptWordBudget(request.maxDurationSeconds);
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let answer: string;
    try {
      const response = await this.client.responses.create(
        {
          model: this.model,
          instructions: instructionsFor(budget, request.maxDurationSeconds),
          input: `Topic: ${request.topic}`,
          max_output_tokens: scriptMaxOutputTokens(budget, this.reasoningEffort),
          ...(this.reasoningEffort !== 'off' && { reasoning: { effort: this.reasoningEffort } }),
        },
        { signal: AbortSignal.any([signal, deadline]) },
      );
      // Stopped at the cap: the last sentence may be cut off.
      answer = response.status === 'incomplete' ? wholeSentences(response.output_text ?? '') : response.output_text;
    } catch (error) {
      throw scriptError(error, this.model, signal, deadline);
    }
    const script = fitWordBudget(cleanScript(answer ?? ''), budget);
    if (!script) throw new ProviderError(OPENAI_MESSAGES.empty, 'failed', true);
    return script;
  }
}

/** Only the words to say: models add quotes, stage directions, labels, hashtags and emojis despite the instructions. */
export function cleanScript(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/\[[^\]]*\]|\([^)]*\)|\*[^*\n]+\*/g, ' ') // [pause], (smiles), *laughs*
    .replace(/^\s*(?:narrator|host|speaker|voice-?over|vo|script|title)\s*:\s*/gim, '')
    .replace(/#[\p{L}\p{N}_]+/gu, ' ')
    .replace(/[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}\u{20E3}]/gu, '')
    .replace(/["“”«»*_`]/g, '')
    .replace(/^\s*'|'\s*$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .trim();
}

/** The text up to its last sentence end; '' when no sentence ends. */
export function wholeSentences(text: string): string {
  const end = /^[\s\S]*[.!?]['")\]]?(?=\s|$)/.exec(text.trim());
  return end ? end[0] : '';
}

/** Cuts at the last sentence end within the budget, else at the word limit (closed with a full stop). */
export function fitWordBudget(script: string, maxWords: number): string {
  const words = script.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return words.join(' ');
  const kept = words.slice(0, maxWords);
  for (let last = kept.length - 1; last >= 0; last--) {
    if (/[.!?]['")\]]?$/.test(kept[last])) return kept.slice(0, last + 1).join(' ');
  }
  return `${kept.join(' ').replace(/[,;:\-–—]+$/, '')}.`;
}

function scriptError(error: unknown, model: string, signal: AbortSignal, deadline: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted) return new ProviderError(OPENAI_MESSAGES.canceled, 'canceled');
  if (deadline.aborted || error instanceof OpenAI.APIConnectionTimeoutError) return new ProviderError(OPENAI_MESSAGES.timeout, 'timeout', true);
  if (error instanceof OpenAI.AuthenticationError) return new ProviderError(OPENAI_MESSAGES.unauthorized, 'unauthorized');
  if (error instanceof OpenAI.RateLimitError) return new ProviderError(OPENAI_MESSAGES.rateLimited, 'rate-limited', true);
  if (error instanceof OpenAI.APIConnectionError) return new ProviderError(OPENAI_MESSAGES.network, 'failed', true);
  // A retired or unknown model: the operator has to choose another, retrying will not help.
  if (error instanceof OpenAI.NotFoundError && error.code === 'model_not_found') {
    return new ProviderError(`OpenAI does not serve the script model ${model} (OPENAI_MODEL): ${apiMessage(error)}`, 'failed');
  }
  if (error instanceof OpenAI.BadRequestError || error instanceof OpenAI.UnprocessableEntityError) {
    return new ProviderError(`OpenAI refused the request: ${apiMessage(error)}`, 'invalid-input');
  }
  if (error instanceof OpenAI.InternalServerError) return new ProviderError(`OpenAI could not write the script: ${apiMessage(error)}`, 'failed', true);
  if (error instanceof OpenAI.APIError) return new ProviderError(`OpenAI answered ${error.status}: ${apiMessage(error)}`, 'failed');
  return new ProviderError(`Script generation failed: ${error instanceof Error ? error.message : String(error)}`, 'failed');
}

/** The API's own message, without the SDK's status prefix. */
function apiMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : error.message;
}
