/**
 * A local stand-in for the Replicate HTTP API, so the generation service runs its production adapters,
 * with the official `replicate` SDK, offline. Point the SDK at it with
 * `new Replicate({ auth: standIn.apiToken, baseUrl: standIn.url })`.
 *
 * Speaks, with Bearer (or `Token`) auth and Replicate's JSON error shape `{title, detail, status}`:
 *   POST /v1/models/{owner}/{name}/predictions   create for an official model (201); a community model
 *                                                (bytedance/latentsync) or `name:version` answers 404, as Replicate does
 *   POST /v1/predictions                         create by `version`: a version id, `owner/name:id`, or `owner/name` of an
 *                                                official model; an unknown or removed version answers 422
 *   GET  /v1/models/{owner}/{name}               the model, with `latest_version: {id, created_at, cog_version, openapi_schema}`
 *   GET  /v1/models/{owner}/{name}/versions      its versions, newest first
 *   GET  /v1/models/{owner}/{name}/versions/{id} one version (404 when unknown or removed)
 *   GET  /v1/predictions                         list, newest first (one page)
 *   GET  /v1/predictions/{id}                    the prediction, with `urls.get` / `urls.cancel`
 *   POST /v1/predictions/{id}/cancel             cancel (a finished prediction is returned unchanged)
 *   GET  /files/{id}/{name}                      outputs, without auth like replicate.delivery
 * `Prefer: wait` / `Prefer: wait=n` holds a create until the prediction finishes (at most n, default
 * and cap 60 seconds), then answers with its current state. Unknown models answer 404, inputs outside
 * the model's published schema (`schemas/`) 422 (see models.ts for the models and the media they produce).
 * Tests can publish a new version of a model (and remove the old one) with `publishVersion`, and read
 * which endpoint each prediction came through (`creations`) and every API request's answer (`requests`).
 *
 * A prediction is `starting` for one step, `processing` for `processingSteps` steps (appending tqdm-style
 * progress lines to `logs`), then runs its model and `succeeded` with the output URLs (or `failed`).
 * Outputs are deleted after `outputLifetimeMs` (Replicate: 1 hour): files answer 404, the prediction
 * shows `data_removed: true` and no output.
 *
 * Magic inputs, found in any string input (text, prompt), for tests:
 *   [fail]     the prediction fails after processing, error "Simulated model failure ([fail] in the input)"
 *   [slow]     stays `processing` until canceled
 *   [429xN]    the first N create requests with this exact input answer 429 with Retry-After
 *              (`retryAfterSeconds`); `[429]` is `[429x1]`. The SDK retries a 429 five times by itself,
 *              so N > 6 is what reaches the caller.
 *   [hang]     the create request is never answered (for client time-outs)
 *   [mpeg4]    LatentSync answers in another codec and container (MPEG-4 Part 2 + MP3 in a .mov)
 * A missing or different token answers 401.
 *
 * Webhooks: a prediction created with `webhook` (and `webhook_events_filter` naming `completed`, or no
 * filter) is delivered there when it ends, signed as Replicate signs (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the secret that
 * `GET /v1/webhooks/default/secret` answers), retried 3 times on a failure; `deliveries` logs them.
 *
 * Does not speak: webhook events other than `completed`, streaming, files uploads, deployments, trainings,
 * model creation, models/collections listings, pagination cursors.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { MODELS, validateInput, versionId, type InvalidField } from './models.ts';

export interface ReplicateStandInOptions {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  /** The token clients must send. */
  apiToken: string;
  /** Time per status step; default 500 ms. Tests pass a few ms. */
  stepMs?: number;
  /** Progress lines while processing; default 4. */
  processingSteps?: number;
  /** Retry-After of a [429xN] answer; default 1 second. */
  retryAfterSeconds?: number;
  /** How long outputs stay downloadable; default 1 hour, like Replicate. */
  outputLifetimeMs?: number;
  /** When set, every prediction processes for exactly this long (benchmarks: a provider answering after a fixed delay). */
  processingMs?: number;
  /** The account's webhook signing secret (`whsec_…`); default a random one. */
  webhookSecret?: string;
  /** Benchmarks: a model answers with this prepared file instead of making one (the stand-in's own ffmpeg work is not what is measured). */
  cannedOutputs?: Record<string, { path: string; contentType: string }>;
}

/** How a prediction was created: on the model endpoint (official models) or by version. */
export type CreationEndpoint = 'model' | 'version';

export interface ReplicateStandIn {
  url: string; // http://127.0.0.1:<port>/v1, the SDK's baseUrl
  apiToken: string;
  /** Every prediction created, oldest first, with the endpoint it came through and the version it ran. */
  readonly creations: ReadonlyArray<{ id: string; model: string; version: string; endpoint: CreationEndpoint }>;
  /** Every API request answered (not file downloads), oldest first. */
  readonly requests: ReadonlyArray<{ method: string; path: string; status: number }>;
  /** Every webhook delivery attempt, oldest first, with the receiver's status (0: unreachable). */
  readonly deliveries: ReadonlyArray<{ predictionId: string; url: string; status: number }>;
  /** The webhook signing secret (`whsec_…`). */
  readonly webhookSecret: string;
  /** The version `latest_version` names now. */
  latestVersion(model: string): string;
  /** Publishes a new latest version of a model; `removePrevious` makes the older ones answer 404/422, as a deleted version does. */
  publishVersion(model: string, options?: { removePrevious?: boolean }): string;
  stop(): Promise<void>;
}

/** A model's versions on this stand-in, oldest first, and those removed since. */
interface ModelVersions {
  ids: string[];
  createdAt: Map<string, Date>;
  removed: Set<string>;
}

type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';

interface Behaviour {
  fail: boolean;
  slow: boolean;
  hang: boolean;
  rateLimitedCreates: number;
}

interface StoredPrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  status: Status;
  logs: string;
  output: unknown;
  error: string | null;
  createdAt: Date;
  startedAt?: Date;
  completedAt?: Date;
  dataRemoved: boolean;
  behaviour: Behaviour;
  /** Aborted on cancel or stop: kills the model's ffmpeg. */
  running: AbortController;
  timer?: NodeJS.Timeout;
  /** `Prefer: wait` requests waiting for the end. */
  waiters: Array<() => void>;
  /** Where its end is reported, if anywhere. */
  webhook?: string;
  fileIds: string[];
}

interface StoredFile {
  path: string;
  contentType: string;
  predictionId: string;
}

const TERMINAL: ReadonlySet<Status> = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
const MAX_WAIT_SECONDS = 60;
const WEBHOOK_ATTEMPTS = 3;

/** Replicate reports the end of a prediction when the filter is absent or names `completed`. */
const reportsCompletion = (filter: unknown) => filter === undefined || (Array.isArray(filter) && filter.includes('completed'));

/** Replicate's answers for a path it does not serve (replicate-javascript #347) and for a version it cannot run. */
const NOT_FOUND = { detail: 'The requested resource could not be found.', status: 404 };
const INVALID_VERSION = { title: 'Invalid version or not permitted', detail: "The specified version does not exist (or perhaps you don't have permission to use it?)", status: 422 };

class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(String(body.detail));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export async function startReplicateStandIn(options: ReplicateStandInOptions): Promise<ReplicateStandIn> {
  const host = options.host ?? '127.0.0.1';
  const stepMs = options.stepMs ?? 500;
  const processingSteps = options.processingSteps ?? 4;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  const outputLifetimeMs = options.outputLifetimeMs ?? 60 * 60 * 1000;
  const root = await mkdtemp(join(tmpdir(), 'replicate-stand-in-'));
  const predictions = new Map<string, StoredPrediction>();
  const files = new Map<string, StoredFile>();
  const createAttempts = new Map<string, number>();
  const creations: Array<{ id: string; model: string; version: string; endpoint: CreationEndpoint }> = [];
  const requests: Array<{ method: string; path: string; status: number }> = [];
  const deliveries: Array<{ predictionId: string; url: string; status: number }> = [];
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`;
  let stopped = false;
  const catalog = new Map<string, ModelVersions>(
    Object.keys(MODELS).map((model) => [model, { ids: [versionId(model)], createdAt: new Map([[versionId(model), new Date()]]), removed: new Set<string>() }]),
  );
  let baseUrl = '';

  const versionsOf = (model: string): ModelVersions => {
    const versions = catalog.get(model);
    if (!versions) throw new Error(`The Replicate stand-in has no model ${model}`);
    return versions;
  };
  const latestVersion = (model: string) => versionsOf(model).ids.at(-1)!;
  const runnable = (model: string, version: string) => versionsOf(model).ids.includes(version) && !versionsOf(model).removed.has(version);

  /** The model and version a `POST /v1/predictions` `version` names, or undefined (422). */
  function resolveVersion(version: string): { model: string; version: string } | undefined {
    const [name, id] = version.split(':');
    if (catalog.has(name)) {
      if (id !== undefined) return runnable(name, id) ? { model: name, version: id } : undefined;
      return MODELS[name].official ? { model: name, version: latestVersion(name) } : undefined;
    }
    const model = [...catalog.keys()].find((candidate) => runnable(candidate, version));
    return model ? { model, version } : undefined;
  }

  const versionView = (model: string, id: string) => ({
    id,
    created_at: versionsOf(model).createdAt.get(id)!.toISOString(),
    cog_version: '0.16.8',
    openapi_schema: {
      openapi: '3.0.2',
      info: { title: 'Cog', version: '0.1.0' },
      paths: {},
      components: { schemas: { Input: MODELS[model].schema.Input, Output: MODELS[model].schema.Output } },
    },
  });

  const modelView = (model: string) => {
    const [owner, name] = model.split('/');
    return {
      url: `https://replicate.com/${model}`,
      owner,
      name,
      description: MODELS[model].description,
      visibility: 'public',
      github_url: null,
      paper_url: null,
      license_url: null,
      run_count: [...predictions.values()].filter((prediction) => prediction.model === model).length,
      cover_image_url: null,
      default_example: null,
      latest_version: versionView(model, latestVersion(model)),
    };
  };

  const view = (prediction: StoredPrediction) => ({
    id: prediction.id,
    model: prediction.model,
    version: prediction.version,
    input: prediction.input,
    logs: prediction.logs,
    output: prediction.dataRemoved ? null : prediction.output,
    data_removed: prediction.dataRemoved,
    error: prediction.error,
    source: 'api',
    status: prediction.status,
    created_at: prediction.createdAt.toISOString(),
    started_at: prediction.startedAt?.toISOString(),
    completed_at: prediction.completedAt?.toISOString(),
    urls: { get: `${baseUrl}/v1/predictions/${prediction.id}`, cancel: `${baseUrl}/v1/predictions/${prediction.id}/cancel` },
    metrics:
      prediction.completedAt && prediction.startedAt ? { predict_time: (prediction.completedAt.getTime() - prediction.startedAt.getTime()) / 1000 } : {},
  });

  function settle(prediction: StoredPrediction, status: Status, fields: { output?: unknown; error?: string } = {}): void {
    if (TERMINAL.has(prediction.status)) return;
    clearTimeout(prediction.timer);
    prediction.status = status;
    prediction.output = fields.output ?? null;
    prediction.error = fields.error ?? null;
    prediction.completedAt = new Date();
    prediction.startedAt ??= prediction.completedAt;
    for (const wake of prediction.waiters.splice(0)) wake();
    if (prediction.webhook) void deliver(prediction, prediction.webhook);
  }

  /** Posts the ended prediction to its webhook, signed; retried a few times, as Replicate does. */
  async function deliver(prediction: StoredPrediction, url: string): Promise<void> {
    const body = JSON.stringify(view(prediction));
    const id = `msg_${randomId(24)}`;
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS && !stopped; attempt++) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', Buffer.from(webhookSecret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64');
      const status = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` },
        body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        (response) => response.status,
        () => 0,
      );
      deliveries.push({ predictionId: prediction.id, url, status });
      if (status >= 200 && status < 300) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  /** starting → processing with progress lines → the model's output (or the [fail]/[slow] behaviours). */
  function drive(prediction: StoredPrediction): void {
    const later = (run: () => void, delayMs = stepMs) => (prediction.timer = setTimeout(run, delayMs));
    const step = (done: number) =>
      later(() => {
        prediction.logs += `${progressLine(done, processingSteps)}\n`;
        if (done < processingSteps) return step(done + 1);
        if (prediction.behaviour.fail) return settle(prediction, 'failed', { error: 'Simulated model failure ([fail] in the input)' });
        void runModel(prediction);
      }, options.processingMs !== undefined ? options.processingMs / processingSteps : stepMs);
    later(() => {
      prediction.status = 'processing';
      prediction.startedAt = new Date();
      prediction.logs += `Running ${prediction.model} on the Lipcast stand-in\n${progressLine(0, processingSteps)}\n`;
      if (!prediction.behaviour.slow) step(1);
    });
  }

  function publishFile(prediction: StoredPrediction, path: string, contentType: string): string {
    const id = randomId(20);
    files.set(id, { path, contentType, predictionId: prediction.id });
    prediction.fileIds.push(id);
    return `${baseUrl}/files/${id}/${basename(path)}`;
  }

  async function runModel(prediction: StoredPrediction): Promise<void> {
    const workDir = join(root, prediction.id);
    const canned = options.cannedOutputs?.[prediction.model];
    if (canned) return settle(prediction, 'succeeded', { output: publishFile(prediction, canned.path, canned.contentType) });
    try {
      await mkdir(workDir, { recursive: true });
      const output = await MODELS[prediction.model].run({
        input: prediction.input,
        workDir,
        signal: prediction.running.signal,
        publish: (path, contentType) => publishFile(prediction, path, contentType),
      });
      settle(prediction, 'succeeded', { output });
    } catch (error) {
      settle(prediction, 'failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Replicate deletes outputs an hour after the prediction: so does the stand-in. */
  async function removeExpiredOutputs(): Promise<void> {
    const expired = [...predictions.values()].filter(
      (prediction) => !prediction.dataRemoved && prediction.completedAt && Date.now() - prediction.completedAt.getTime() >= outputLifetimeMs,
    );
    for (const prediction of expired) {
      prediction.dataRemoved = true;
      for (const id of prediction.fileIds) files.delete(id);
      await rm(join(root, prediction.id), { recursive: true, force: true });
    }
  }

  async function createPrediction(
    req: IncomingMessage,
    res: ServerResponse,
    { model, version, endpoint }: { model: string; version: string; endpoint: CreationEndpoint },
    body: Record<string, unknown>,
  ): Promise<void> {
    const input = body.input;
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalidInput([{ type: 'required', field: '(root)', description: 'input is required' }]);
    const fields = input as Record<string, unknown>;
    const behaviour = behaviourOf(fields);
    if (behaviour.hang) return; // never answered; stop() closes the connection
    if (behaviour.rateLimitedCreates > 0) {
      const key = `${model} ${JSON.stringify(fields)}`;
      const attempts = createAttempts.get(key) ?? 0;
      createAttempts.set(key, attempts + 1);
      if (attempts < behaviour.rateLimitedCreates) {
        throw new HttpError(
          429,
          { title: 'Request was throttled', detail: `Request was throttled. Expected available in ${retryAfterSeconds} second.`, status: 429 },
          { 'retry-after': String(retryAfterSeconds) },
        );
      }
    }
    const invalid = validateInput(MODELS[model], fields);
    if (invalid.length > 0) throw invalidInput(invalid);
    const prediction: StoredPrediction = {
      id: randomId(26),
      model,
      version,
      input: fields,
      status: 'starting',
      logs: '',
      output: null,
      error: null,
      createdAt: new Date(),
      dataRemoved: false,
      behaviour,
      running: new AbortController(),
      waiters: [],
      fileIds: [],
      ...(typeof body.webhook === 'string' && reportsCompletion(body.webhook_events_filter) ? { webhook: body.webhook } : {}),
    };
    predictions.set(prediction.id, prediction);
    creations.push({ id: prediction.id, model, version, endpoint });
    drive(prediction);
    const waitSeconds = preferredWaitSeconds(header(req, 'prefer'));
    if (waitSeconds > 0 && !TERMINAL.has(prediction.status)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitSeconds * 1000);
        prediction.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    sendJson(res, 201, view(prediction));
  }

  function findPrediction(id: string): StoredPrediction {
    const prediction = predictions.get(id);
    if (!prediction) throw new HttpError(404, NOT_FOUND);
    return prediction;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
    authenticate(req, options.apiToken);
    await removeExpiredOutputs();
    const modelRoute = /^\/v1\/models\/([^/]+)\/([^/]+)(\/predictions|\/versions(?:\/([^/]+))?)?$/.exec(path);
    if (modelRoute) {
      const model = `${decodeURIComponent(modelRoute[1])}/${decodeURIComponent(modelRoute[2])}`;
      const [, , , action, versionRoute] = modelRoute;
      // Replicate serves this endpoint for official models only: a community model (or `name:version`) is not found.
      if (!catalog.has(model) || (action === '/predictions' && !MODELS[model].official)) throw new HttpError(404, NOT_FOUND);
      if (method === 'POST' && action === '/predictions') {
        return createPrediction(req, res, { model, version: latestVersion(model), endpoint: 'model' }, await readJson(req));
      }
      if (method === 'GET' && action === undefined) return sendJson(res, 200, modelView(model));
      if (method === 'GET' && action === '/versions') {
        const results = versionsOf(model).ids.filter((id) => !versionsOf(model).removed.has(id)).reverse().map((id) => versionView(model, id));
        return sendJson(res, 200, { previous: null, next: null, results });
      }
      if (method === 'GET' && versionRoute !== undefined) {
        const id = decodeURIComponent(versionRoute);
        if (!runnable(model, id)) throw new HttpError(404, NOT_FOUND);
        return sendJson(res, 200, versionView(model, id));
      }
    }
    if (method === 'GET' && path === '/v1/webhooks/default/secret') return sendJson(res, 200, { key: webhookSecret });
    if (method === 'POST' && path === '/v1/predictions') {
      const body = await readJson(req);
      const resolved = typeof body.version === 'string' ? resolveVersion(body.version) : undefined;
      if (!resolved) throw new HttpError(422, INVALID_VERSION);
      return createPrediction(req, res, { ...resolved, endpoint: 'version' }, body);
    }
    if (method === 'GET' && path === '/v1/predictions') {
      const results = [...predictions.values()].reverse().map(view);
      return sendJson(res, 200, { previous: null, next: null, results });
    }
    const predictionRoute = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    if (predictionRoute && method === 'GET' && !predictionRoute[2]) return sendJson(res, 200, view(findPrediction(predictionRoute[1])));
    if (predictionRoute && method === 'POST' && predictionRoute[2]) {
      const prediction = findPrediction(predictionRoute[1]);
      if (!TERMINAL.has(prediction.status)) {
        prediction.running.abort();
        settle(prediction, 'canceled');
      }
      return sendJson(res, 200, view(prediction));
    }
    throw new HttpError(404, NOT_FOUND);
  }

  async function handleFile(res: ServerResponse, id: string): Promise<void> {
    await removeExpiredOutputs();
    const file = files.get(id);
    if (!file) return sendJson(res, 404, { detail: 'Not found.', status: 404 });
    res.writeHead(200, { 'content-type': file.contentType, 'cache-control': 'no-store' });
    createReadStream(file.path).pipe(res);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const fileRoute = /^\/files\/([^/]+)(\/[^/]+)?$/.exec(url.pathname);
    if (!fileRoute) res.once('finish', () => requests.push({ method, path: url.pathname, status: res.statusCode }));
    const handled = fileRoute && method === 'GET' ? handleFile(res, fileRoute[1]) : handleApi(req, res, method, url.pathname);
    handled.catch((error: unknown) => {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
      process.stderr.write(`[replicate stand-in] ${method} ${url.pathname} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      sendJson(res, 500, { title: 'Internal server error', detail: 'The Replicate stand-in failed.', status: 500 });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: `${baseUrl}/v1`,
    apiToken: options.apiToken,
    creations,
    requests,
    deliveries,
    webhookSecret,
    latestVersion,
    publishVersion: (model, { removePrevious = false } = {}) => {
      const versions = versionsOf(model);
      const id = createHash('sha256').update(`stand-in:${model}:${versions.ids.length}`).digest('hex');
      if (removePrevious) versions.ids.forEach((old) => versions.removed.add(old));
      versions.ids.push(id);
      versions.createdAt.set(id, new Date());
      return id;
    },
    stop: async () => {
      stopped = true;
      for (const prediction of predictions.values()) {
        clearTimeout(prediction.timer);
        prediction.running.abort();
        for (const wake of prediction.waiters.splice(0)) wake();
      }
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await rm(root, { recursive: true, force: true });
    },
  };
}

function authenticate(req: IncomingMessage, apiToken: string): void {
  const token = /^(?:Bearer|Token)\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  if (token !== apiToken) throw new HttpError(401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
}

function behaviourOf(input: Record<string, unknown>): Behaviour {
  const text = Object.values(input)
    .filter((value): value is string => typeof value === 'string')
    .join(' ');
  const rateLimit = /\[429(?:x(\d+))?\]/.exec(text);
  return {
    fail: text.includes('[fail]'),
    slow: text.includes('[slow]'),
    hang: text.includes('[hang]'),
    rateLimitedCreates: rateLimit ? Number(rateLimit[1] ?? 1) : 0,
  };
}

/** `Prefer: wait` → 60 seconds, `Prefer: wait=n` → n (1..60); anything else → 0 (answer at once). */
function preferredWaitSeconds(prefer: string | undefined): number {
  const match = /(?:^|[,;\s])wait(?:=(\d+))?(?:$|[,;\s])/.exec(prefer ?? '');
  if (!match) return 0;
  return Math.min(MAX_WAIT_SECONDS, Math.max(1, Number(match[1] ?? MAX_WAIT_SECONDS)));
}

/** A tqdm line, the kind the SDK's `parseProgressFromLogs` reads: ` 50%|█████     | 2/4 [...]`. */
function progressLine(done: number, total: number): string {
  const percent = Math.round((100 * done) / total);
  const bar = '█'.repeat(Math.round((10 * done) / total)).padEnd(10);
  return `${String(percent).padStart(3)}%|${bar}| ${done}/${total} [00:0${Math.min(9, done)}<00:0${Math.min(9, total - done)}, 1.00it/s]`;
}

function invalidInput(invalid: InvalidField[]): HttpError {
  const detail = invalid.map((field) => `- ${field.field}: ${field.description}`).join('\n') + '\n';
  return new HttpError(422, { title: 'Input validation failed', detail, status: 422, invalid_fields: invalid });
}

const randomId = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, { title: 'Bad request', detail: 'The request body is not a JSON object.', status: 400 });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}
