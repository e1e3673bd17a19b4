import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import Replicate, { parseProgressFromLogs, type FileOutput, type Prediction } from 'replicate';
import { ProviderError, type MediaFile, type WorkContext } from '../../ports/media';

/** The spec's texts (section 8) for what can go wrong talking to Replicate. */
export const REPLICATE_MESSAGES = {
  missingKey: 'API key missing: set REPLICATE_API_TOKEN',
  unauthorized: 'Authentication failed. Please check your API token.',
  rateLimited: 'Rate limit exceeded. Please try again in a few minutes.',
  network: 'Network error. Please check your internet connection.',
  timeout: 'The video generation process timed out. This happens with complex videos. Please try again.',
  canceled: 'The generation was canceled.',
  noOutput: 'No URL in response data',
} as const;

export interface ReplicateClientOptions {
  apiToken: string | undefined;
  /** Default https://api.replicate.com/v1; the stand-in's `url` in development and tests. */
  baseUrl?: string;
}

/** The official SDK's client; without a token it throws the spec's "API key missing..." ('missing-key'). */
export function createReplicateClient(options: ReplicateClientOptions): Replicate {
  const apiToken = options.apiToken?.trim();
  // Checked here: the SDK would silently fall back to the REPLICATE_API_TOKEN of the process.
  if (!apiToken) throw new ProviderError(REPLICATE_MESSAGES.missingKey, 'missing-key');
  return new Replicate({ auth: apiToken, baseUrl: options.baseUrl, userAgent: 'lipcast-generation', useFileOutput: false });
}

export interface PollingOptions {
  pollIntervalMs: number;
  /** The whole call: create, polls and download. Past it the prediction is canceled ('timeout'). */
  timeoutMs: number;
  /** 429s waited out (Retry-After) after the SDK's own quick retries; default 3. */
  rateLimitRetries?: number;
  /** Hold the create request up to this many seconds (`Prefer: wait`, at most 60); default 0: answer at once and poll. */
  waitSeconds?: number;
}

/** What each Replicate adapter is constructed with. */
export interface ReplicateAdapterOptions {
  client: Replicate;
  /** The official model to run, `owner/name`; each adapter has a default. */
  model?: string;
  /** Overrides of the adapter's polling defaults (tests poll every few ms). */
  polling?: Partial<PollingOptions>;
}

/** One Replicate model as an adapter uses it: which model, how it is polled, through which client. */
export class ReplicateModel {
  private readonly client: Replicate;
  private readonly model: string;
  private readonly polling: PollingOptions;

  constructor(options: ReplicateAdapterOptions, defaults: { model: string; polling: PollingOptions }) {
    this.client = options.client;
    this.model = options.model ?? defaults.model;
    this.polling = { ...defaults.polling, ...options.polling };
  }

  /** Runs the model on `input`; its output files are already downloaded into the work folder. */
  run(input: Record<string, unknown>, context: WorkContext): Promise<PredictionResult> {
    return runPrediction(this.client, { model: this.model, input }, context, this.polling);
  }
}

export interface PredictionRequest {
  /** An official model, `owner/name` (its latest version runs). */
  model: string;
  input: Record<string, unknown>;
}

export interface PredictionResult {
  prediction: Prediction;
  /** The output files, downloaded into the work folder (Replicate deletes them after an hour). */
  files: MediaFile[];
}

const TERMINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
const DEFAULT_RETRY_AFTER_MS = 2000;
const MAX_RETRY_AFTER_MS = 60_000;
const CANCEL_TIMEOUT_MS = 10_000;

/**
 * Runs a model on Replicate and downloads its output: create, poll until a terminal status, copy the
 * output files into `context.workDir`. Reports progress from 0 to 0.9 (the adapter reports 1 when its
 * own work is done). Cancellation (`context.signal`) and the time-out cancel the prediction.
 * Every failure is a ProviderError with the spec's message.
 */
export async function runPrediction(client: Replicate, request: PredictionRequest, context: WorkContext, options: PollingOptions): Promise<PredictionResult> {
  const progress = new PredictionProgress(context);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  const signal = AbortSignal.any([context.signal, deadline.signal]);
  const retries = options.rateLimitRetries ?? 3;
  let prediction: Prediction | undefined;
  try {
    signal.throwIfAborted();
    prediction = await withRateLimitRetries(
      () => client.predictions.create({ model: request.model, input: request.input, wait: options.waitSeconds || undefined, signal }),
      retries,
      signal,
    );
    progress.report(prediction);
    while (!TERMINAL.has(prediction.status)) {
      await sleep(options.pollIntervalMs, signal);
      const id: string = prediction.id;
      prediction = await withRateLimitRetries(() => client.predictions.get(id, { signal }), retries, signal);
      progress.report(prediction);
    }
    if (prediction.status === 'failed') throw new ProviderError(`The model failed: ${String(prediction.error ?? 'no reason given')}`, 'failed');
    if (prediction.status === 'canceled') throw new ProviderError(REPLICATE_MESSAGES.canceled, 'canceled');
    if (prediction.status === 'aborted') throw new ProviderError('Replicate aborted the prediction before it finished. Please try again.', 'failed', true);
    const files = await downloadOutput(prediction, context.workDir, signal);
    progress.set(0.9);
    return { prediction, files };
  } catch (error) {
    if (context.signal.aborted) {
      await cancelQuietly(client, prediction);
      throw new ProviderError(REPLICATE_MESSAGES.canceled, 'canceled');
    }
    if (deadline.signal.aborted) {
      await cancelQuietly(client, prediction);
      throw new ProviderError(REPLICATE_MESSAGES.timeout, 'timeout', true);
    }
    throw toProviderError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Replicate statuses and log percentages as a fraction that only rises: starting 0.05, processing
 * 0.1..0.85 (from the logs' tqdm lines, else creeping up each poll), succeeded 0.85.
 */
class PredictionProgress {
  private reported = 0;

  constructor(private readonly context: WorkContext) {}

  report(prediction: Prediction): void {
    if (prediction.status === 'starting') return this.set(0.05);
    if (prediction.status === 'succeeded') return this.set(0.85);
    if (prediction.status !== 'processing') return;
    const fromLogs = parseProgressFromLogs(prediction);
    const fraction = fromLogs ? 0.1 + 0.75 * fromLogs.percentage : Math.max(0.1, this.reported + (0.85 - this.reported) * 0.1);
    this.set(Math.min(0.85, fraction));
  }

  set(fraction: number): void {
    if (fraction <= this.reported) return;
    this.reported = fraction;
    this.context.progress(fraction);
  }
}

/** A 429 (after the SDK's own quick retries) waits what Retry-After says, a few times, then gives up. */
async function withRateLimitRetries<T>(call: () => Promise<T>, retries: number, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const response = apiResponse(error);
      if (response?.status !== 429 || attempt >= retries) throw error;
      await sleep(retryAfterMs(response.headers.get('retry-after')), signal);
    }
  }
}

function retryAfterMs(retryAfter: string | null): number {
  if (!retryAfter) return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : DEFAULT_RETRY_AFTER_MS;
}

async function cancelQuietly(client: Replicate, prediction: Prediction | undefined): Promise<void> {
  if (!prediction || TERMINAL.has(prediction.status)) return;
  try {
    await client.predictions.cancel(prediction.id, { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) });
  } catch {
    // The caller's error (canceled or time-out) matters more; Replicate ends the prediction at its own deadline anyway.
  }
}

/** The output's URLs: a URL, an array of them (flux), or the SDK's FileOutput objects. */
function outputUrls(output: unknown): string[] {
  if (typeof output === 'string') return [output];
  if (Array.isArray(output)) return output.flatMap(outputUrls);
  if (output && typeof (output as FileOutput).url === 'function') return [(output as FileOutput).url().toString()];
  return [];
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

async function downloadOutput(prediction: Prediction, workDir: string, signal: AbortSignal): Promise<MediaFile[]> {
  const urls = outputUrls(prediction.output);
  if (urls.length === 0) throw new ProviderError(REPLICATE_MESSAGES.noOutput, 'failed');
  return Promise.all(
    urls.map(async (url, index) => {
      const response = await fetch(url, { signal });
      if (!response.ok) throw new ProviderError(`Could not download the output (status ${response.status}).`, 'failed', true);
      const name = basename(new URL(url).pathname) || 'output';
      const path = join(workDir, `${prediction.id}-${index}-${name}`);
      await writeFile(path, Buffer.from(await response.arrayBuffer()));
      const contentType = CONTENT_TYPES[extname(name).toLowerCase()] ?? response.headers.get('content-type') ?? 'application/octet-stream';
      return { path, contentType };
    }),
  );
}

/** The SDK's ApiError carries the HTTP response (its type is declared, its class not exported). */
function apiResponse(error: unknown): Response | undefined {
  if (asError(error)?.name !== 'ApiError') return undefined;
  const response = (error as { response?: Response }).response;
  return typeof response?.status === 'number' ? response : undefined;
}

/**
 * The error's fields, duck-typed: errors from Node's own fetch come from another realm under Jest
 * (and could from a custom fetch), so `instanceof Error` is not to be trusted.
 */
function asError(error: unknown): { name: string; message: string; cause?: unknown } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return typeof name === 'string' && typeof message === 'string' ? (error as { name: string; message: string; cause?: unknown }) : undefined;
}

/** Replicate's `detail` from the ApiError message ("Request to … failed with status 422 …: {json}."). */
function apiDetail(error: { message: string }): string {
  const body = /failed with status \d+[^:]*: ([\s\S]*)\.$/.exec(error.message)?.[1];
  try {
    const parsed = JSON.parse(body ?? '') as { detail?: unknown };
    if (typeof parsed.detail === 'string') return parsed.detail.trim();
  } catch {
    // not JSON: the raw text below
  }
  return (body ?? error.message).trim();
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

function isNetworkError(error: unknown): boolean {
  const fields = asError(error);
  if (!fields) return false;
  const code = (fields.cause as { code?: unknown } | undefined)?.code;
  return (fields.name === 'TypeError' && fields.message === 'fetch failed') || (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_')));
}

export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const response = apiResponse(error);
  if (response) {
    const detail = apiDetail(error as { message: string });
    if (response.status === 401) return new ProviderError(REPLICATE_MESSAGES.unauthorized, 'unauthorized');
    if (response.status === 429) return new ProviderError(REPLICATE_MESSAGES.rateLimited, 'rate-limited', true);
    if (response.status === 422 || response.status === 400) return new ProviderError(`Replicate refused the input: ${detail}`, 'invalid-input');
    if (response.status >= 500) return new ProviderError(`Replicate is unavailable (status ${response.status}). Please try again.`, 'failed', true);
    return new ProviderError(`Replicate answered ${response.status}: ${detail}`, 'failed');
  }
  if (isNetworkError(error)) return new ProviderError(REPLICATE_MESSAGES.network, 'failed', true);
  return new ProviderError(`Replicate request failed: ${asError(error)?.message ?? String(error)}`, 'failed');
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
