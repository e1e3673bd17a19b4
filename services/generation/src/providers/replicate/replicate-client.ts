import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Replicate, { parseProgressFromLogs, type FileOutput, type Prediction } from 'replicate';
import { ProviderError, type MediaFile, type ProviderCallRecorder, type WorkContext } from '../../ports/media';

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
  /** The model to run: `owner/name` (official, else its latest version) or `owner/name:version` (pinned); each adapter has a default. */
  model?: string;
  /** Overrides of the adapter's polling defaults (tests poll every few ms). */
  polling?: Partial<PollingOptions>;
}

/** Replicate's webhook events (the SDK declares the type without exporting it). */
export type PredictionWebhookEvent = 'start' | 'output' | 'logs' | 'completed';

/** Where Replicate should report a prediction's progress instead of being polled. */
export interface PredictionWebhook {
  webhook: string;
  webhook_events_filter?: PredictionWebhookEvent[];
}

/** A model setting taken apart: `owner/name`, with the version when it is pinned. */
export interface ModelReference {
  name: string;
  version?: string;
}

/** `owner/name` or `owner/name:<64 hex digits>`, as REPLICATE_*_MODEL takes it. */
export const MODEL_REFERENCE = /^[A-Za-z0-9][\w.-]*\/[\w.-]+(?::[0-9a-f]{64})?$/;

export function parseModelReference(model: string): ModelReference {
  if (!MODEL_REFERENCE.test(model)) throw new ProviderError(`Not a Replicate model: "${model}" (expected owner/name or owner/name:version)`, 'invalid-input');
  const [name, version] = model.split(':');
  return version ? { name, version } : { name };
}

/**
 * One Replicate model as an adapter uses it, in small steps a caller can also take one at a time
 * (create in one run, collect in another): `create`, `get`, `cancel`, `collect`, and `run` that
 * composes them (create, poll, download; time-out and cancellation cancel the prediction).
 *
 * Any model runs by what it is: a pinned `owner/name:version` always by version (`POST /v1/predictions`);
 * a bare `owner/name` on the model endpoint, which Replicate serves for official models only. On its
 * 404 (a community model) the model's latest version is read with `models.get`, cached, and run by
 * version from then on; a cached version that answers 404/422 (removed) is read again once.
 */
export class ReplicateModel {
  /** The setting: `owner/name` or `owner/name:version`. */
  readonly model: string;
  private readonly reference: ModelReference;
  private readonly client: Replicate;
  private readonly polling: PollingOptions;
  /** A community model's latest version, once the model endpoint has said 404 (shared by concurrent creates). */
  private latestVersion?: Promise<string>;

  constructor(options: ReplicateAdapterOptions, defaults: { model: string; polling: PollingOptions }) {
    this.client = options.client;
    this.model = options.model ?? defaults.model;
    this.reference = parseModelReference(this.model);
    this.polling = { ...defaults.polling, ...options.polling };
  }

  /** Starts a prediction on `input`; every failure is a ProviderError (an aborted `signal` rethrows the abort). */
  async create(input: Record<string, unknown>, signal: AbortSignal, webhook?: PredictionWebhook): Promise<Prediction> {
    const options = { input, signal, wait: this.polling.waitSeconds || undefined, ...webhook };
    const byModel = () => this.retrying(() => this.client.predictions.create({ ...options, model: this.reference.name }), signal);
    // By version: `POST /v1/predictions` (the SDK posts `model: 'owner/name:version'` to a wrong URL, replicate-javascript #347).
    const byVersion = (version: string) => this.retrying(() => this.client.predictions.create({ ...options, version }), signal);
    try {
      if (this.reference.version) return await byVersion(this.reference.version);
      let latest = this.latestVersion;
      if (!latest) {
        try {
          return await byModel();
        } catch (error) {
          if (!isMissingModelOrVersion(error)) throw error;
        }
        latest = this.latestVersion ??= this.readLatestVersion();
      }
      try {
        return await byVersion(await latest);
      } catch (error) {
        if (!isMissingModelOrVersion(error)) throw error;
      }
      // The cached version is gone: read the latest once more (one read for all the creates that saw it fail).
      const refreshed = this.latestVersion === latest || !this.latestVersion ? (this.latestVersion = this.readLatestVersion()) : this.latestVersion;
      return await byVersion(await refreshed);
    } catch (error) {
      if (signal.aborted) throw error;
      if (isMissingModelOrVersion(error)) {
        throw new ProviderError(`Replicate cannot run ${this.model}: the version does not exist or is not permitted (check the REPLICATE_*_MODEL setting).`, 'failed');
      }
      throw toProviderError(error);
    }
  }

  /** The prediction's current state. */
  async get(id: string, signal: AbortSignal): Promise<Prediction> {
    try {
      return await this.retrying(() => this.client.predictions.get(id, { signal }), signal);
    } catch (error) {
      throw signal.aborted ? error : toProviderError(error);
    }
  }

  /** Cancels the prediction (a finished one stays as it is). */
  async cancel(id: string): Promise<void> {
    try {
      await this.client.predictions.cancel(id, { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) });
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /**
   * A finished prediction's output files, downloaded into `workDir` (Replicate deletes them after an
   * hour). A failed, canceled or aborted prediction throws its ProviderError.
   */
  async collect(prediction: Prediction, workDir: string, signal: AbortSignal): Promise<MediaFile[]> {
    assertSucceeded(prediction);
    try {
      return await downloadOutput(prediction, workDir, signal);
    } catch (error) {
      throw signal.aborted ? error : toProviderError(error);
    }
  }

  /**
   * Runs the model on `input` and downloads its output into the work folder: create, poll until a
   * terminal status, collect. Reports progress from 0 to 0.9 (the adapter reports 1 when its own work
   * is done). Cancellation (`context.signal`) and the time-out cancel the prediction. Every failure is
   * a ProviderError with the spec's message.
   */
  async run(input: Record<string, unknown>, context: WorkContext): Promise<PredictionResult> {
    if (context.providerCalls) return this.runParked(input, context, context.providerCalls);
    return this.polled(input, context, async (prediction, signal) => {
      const files = await this.collect(prediction, context.workDir, signal);
      return { prediction, files };
    });
  }

  /**
   * Runs the model on `input` outside a job (awaited, never parked) and returns the succeeded
   * prediction as it is, for models whose output is not files (voice cloning answers an object).
   * Failures as `run`'s.
   */
  async runForOutput(input: Record<string, unknown>, context: WorkContext): Promise<Prediction> {
    return this.polled(input, context, (prediction) => {
      assertSucceeded(prediction);
      return Promise.resolve(prediction);
    });
  }

  /** Create, poll until a terminal status, then `finish` it; cancellation and the time-out cancel the prediction. */
  private async polled<T>(input: Record<string, unknown>, context: WorkContext, finish: (prediction: Prediction, signal: AbortSignal) => Promise<T>): Promise<T> {
    const progress = new PredictionProgress(context);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.polling.timeoutMs);
    const signal = AbortSignal.any([context.signal, deadline.signal]);
    let prediction: Prediction | undefined;
    try {
      signal.throwIfAborted();
      prediction = await this.create(input, signal);
      progress.report(prediction);
      while (!isFinished(prediction)) {
        await sleep(this.polling.pollIntervalMs, undefined, { signal });
        prediction = await this.get(prediction.id, signal);
        progress.report(prediction);
      }
      const result = await finish(prediction, signal);
      progress.set(0.9);
      return result;
    } catch (error) {
      if (context.signal.aborted) {
        await this.cancelQuietly(prediction);
        throw new ProviderError(REPLICATE_MESSAGES.canceled, 'canceled');
      }
      if (deadline.signal.aborted) {
        await this.cancelQuietly(prediction);
        throw new ProviderError(REPLICATE_MESSAGES.timeout, 'timeout', true);
      }
      throw toProviderError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * In a job that parks: the first time, the prediction is created (with the webhook, when one is
   * configured) and the job parks; when it runs again after the prediction ended, the recorded
   * prediction's output is collected. No worker waits in between.
   */
  private async runParked(input: Record<string, unknown>, context: WorkContext, calls: ProviderCallRecorder): Promise<PredictionResult> {
    const prediction = (await calls.call(this.reference.name, (webhook) =>
      this.create(input, context.signal, webhook ? { webhook: webhook.url, webhook_events_filter: ['completed'] } : undefined),
    )) as unknown as Prediction;
    const files = await this.collect(prediction, context.workDir, context.signal);
    context.progress(0.9);
    return { prediction, files };
  }

  /** 429s (after the SDK's own quick retries) wait what Retry-After says, a few times, then give up. */
  private retrying<T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return withRateLimitRetries(call, this.polling.rateLimitRetries ?? 3, signal);
  }

  /** The model's latest version (`models.get`); not tied to one caller's signal, as concurrent creates share it. */
  private async readLatestVersion(): Promise<string> {
    const [owner, name] = this.reference.name.split('/');
    const signal = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
    try {
      const model = await this.retrying(() => this.client.models.get(owner, name, { signal }), signal);
      if (!model.latest_version) throw new ProviderError(`Replicate has no runnable version of ${this.reference.name}.`, 'failed');
      return model.latest_version.id;
    } catch (error) {
      this.latestVersion = undefined; // the next create asks again
      if (apiResponse(error)?.status === 404) throw new ProviderError(`Replicate has no model ${this.reference.name}: check the REPLICATE_*_MODEL setting.`, 'failed');
      throw error;
    }
  }

  private async cancelQuietly(prediction: Prediction | undefined): Promise<void> {
    if (!prediction || isFinished(prediction)) return;
    try {
      await this.cancel(prediction.id);
    } catch {
      // The caller's error (canceled or time-out) matters more; Replicate ends the prediction at its own deadline anyway.
    }
  }
}

/**
 * What each Replicate adapter does around its model, split so a caller can create the prediction in one
 * worker run and finish the result in another: the input it sends, and what it makes of the downloaded
 * output.
 */
export interface ReplicateAdapter<Request, Result> {
  readonly replicate: ReplicateModel;
  inputFor(request: Request): Record<string, unknown>;
  resultFrom(files: MediaFile[], request: Request, context: WorkContext): Promise<Result>;
}

/** An adapter's whole call in one worker run: its model run on its input, then its result; progress 1 once that is made. */
export async function runAdapter<Request, Result>(adapter: ReplicateAdapter<Request, Result>, request: Request, context: WorkContext): Promise<Result> {
  const { files } = await adapter.replicate.run(adapter.inputFor(request), context);
  const result = await adapter.resultFrom(files, request, context);
  context.progress(1);
  return result;
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
const LOOKUP_TIMEOUT_MS = 30_000;

/** A failed, canceled or aborted prediction as its ProviderError; one not yet ended is a programming error. */
function assertSucceeded(prediction: Prediction): void {
  if (prediction.status === 'failed') throw new ProviderError(`The model failed: ${String(prediction.error ?? 'no reason given')}`, 'failed');
  if (prediction.status === 'canceled') throw new ProviderError(REPLICATE_MESSAGES.canceled, 'canceled');
  if (prediction.status === 'aborted') throw new ProviderError('Replicate aborted the prediction before it finished. Please try again.', 'failed', true);
  if (prediction.status !== 'succeeded') throw new Error(`Prediction ${prediction.id} is still ${prediction.status}: nothing to collect yet`);
}

/** Whether the prediction has ended (succeeded, failed, canceled or aborted). */
export const isFinished = (prediction: Prediction) => TERMINAL.has(prediction.status);

/**
 * Replicate's answer when the model endpoint does not serve a model (404: a community model, run by
 * version) or a version cannot be run (404, or 422 "Invalid version or not permitted").
 */
function isMissingModelOrVersion(error: unknown): boolean {
  const response = apiResponse(error);
  if (response?.status === 404) return true;
  return response?.status === 422 && /invalid version|version does not exist/i.test((error as { message: string }).message);
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
      await sleep(retryAfterMs(response.headers.get('retry-after')), undefined, { signal });
    }
  }
}

function retryAfterMs(retryAfter: string | null): number {
  if (!retryAfter) return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : DEFAULT_RETRY_AFTER_MS;
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
