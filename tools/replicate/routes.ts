/**
 * The stand-in's HTTP surface (the endpoints are listed in stand-in.ts): the API behind the token, with
 * Replicate's error shapes, and the output files without auth. Every API answer is logged in `requests`.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { authenticate, headerValue, jsonSender, parseJsonObject, readText, type ApiKeyCheck } from '../lib/http-stand-in.ts';
import type { ModelCatalog } from './catalog.ts';
import { invalidInput, invalidVersion, notAJsonObject, notFound, ReplicateApiError, throttled, unauthenticated } from './errors.ts';
import type { OutputFiles } from './files.ts';
import type { Lifecycle } from './lifecycle.ts';
import { MODELS, validateInput } from './models.ts';
import { behaviourOf, newPrediction, predictionView, type Creation, type CreationEndpoint, type Predictions, type StoredPrediction } from './predictions.ts';
import { reportsCompletion } from './webhooks.ts';

/** `Prefer: wait` holds a create at most this long. */
const MAX_WAIT_SECONDS = 60;

export interface ApiRequestRecord {
  method: string;
  path: string;
  status: number;
}

export interface ApiContext {
  apiToken: string;
  retryAfterSeconds: number;
  webhookSecret: string;
  catalog: ModelCatalog;
  predictions: Predictions;
  files: OutputFiles;
  lifecycle: Lifecycle;
  /** Appended to: every prediction created. */
  creations: Creation[];
  /** Appended to: every API request answered (not file downloads). */
  requests: ApiRequestRecord[];
  baseUrl(): string;
}

/** Replicate's answers are never cached. */
const sendJson = jsonSender({ headers: () => ({ 'cache-control': 'no-store' }) });

export function apiHandler(context: ApiContext): RequestListener {
  const { catalog, predictions, lifecycle } = context;
  // Model and input → create requests seen, for the [429xN] marker.
  const createAttempts = new Map<string, number>();
  // Replicate takes `Bearer` and its older `Token` scheme, and answers a missing or wrong token alike.
  const tokenCheck: ApiKeyCheck = { expected: context.apiToken, schemes: ['Bearer', 'Token'], missing: unauthenticated, wrong: unauthenticated };
  const view = (prediction: StoredPrediction) => predictionView(prediction, context.baseUrl());

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
      if (attempts < behaviour.rateLimitedCreates) throw throttled(context.retryAfterSeconds);
    }
    const invalid = validateInput(MODELS[model], fields);
    if (invalid.length > 0) throw invalidInput(invalid);
    const webhook = typeof body.webhook === 'string' && reportsCompletion(body.webhook_events_filter) ? body.webhook : undefined;
    const prediction = newPrediction({ model, version, input: fields, behaviour, webhook });
    predictions.add(prediction);
    context.creations.push({ id: prediction.id, model, version, endpoint });
    lifecycle.start(prediction);
    const waitSeconds = preferredWaitSeconds(headerValue(req, 'prefer'));
    if (waitSeconds > 0) await lifecycle.untilEnded(prediction, waitSeconds * 1000);
    sendJson(res, 201, view(prediction));
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = parseJsonObject((await readText(req)) || '{}');
    if (!body) throw notAJsonObject();
    return body;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
    authenticate(req, tokenCheck);
    await lifecycle.removeExpiredOutputs();
    const modelRoute = /^\/v1\/models\/([^/]+)\/([^/]+)(\/predictions|\/versions(?:\/([^/]+))?)?$/.exec(path);
    if (modelRoute) {
      const model = `${decodeURIComponent(modelRoute[1])}/${decodeURIComponent(modelRoute[2])}`;
      const [, , , action, versionRoute] = modelRoute;
      // Replicate serves this endpoint for official models only: a community model (or `name:version`) is not found.
      if (!catalog.has(model) || (action === '/predictions' && !MODELS[model].official)) throw notFound();
      if (method === 'POST' && action === '/predictions') {
        return createPrediction(req, res, { model, version: catalog.latestVersion(model), endpoint: 'model' }, await readJson(req));
      }
      if (method === 'GET' && action === undefined) {
        const runCount = predictions.all().filter((prediction) => prediction.model === model).length;
        return sendJson(res, 200, catalog.modelView(model, runCount));
      }
      if (method === 'GET' && action === '/versions') {
        const results = catalog.listedVersions(model).map((id) => catalog.versionView(model, id));
        return sendJson(res, 200, { previous: null, next: null, results });
      }
      if (method === 'GET' && versionRoute !== undefined) {
        const id = decodeURIComponent(versionRoute);
        if (!catalog.runnable(model, id)) throw notFound();
        return sendJson(res, 200, catalog.versionView(model, id));
      }
    }
    if (method === 'GET' && path === '/v1/webhooks/default/secret') return sendJson(res, 200, { key: context.webhookSecret });
    if (method === 'POST' && path === '/v1/predictions') {
      const body = await readJson(req);
      const resolved = typeof body.version === 'string' ? catalog.resolveVersion(body.version) : undefined;
      if (!resolved) throw invalidVersion();
      return createPrediction(req, res, { ...resolved, endpoint: 'version' }, body);
    }
    if (method === 'GET' && path === '/v1/predictions') {
      const results = predictions.all().reverse().map(view);
      return sendJson(res, 200, { previous: null, next: null, results });
    }
    const predictionRoute = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    if (predictionRoute && method === 'GET' && !predictionRoute[2]) return sendJson(res, 200, view(predictions.find(predictionRoute[1])));
    if (predictionRoute && method === 'POST' && predictionRoute[2]) {
      const prediction = predictions.find(predictionRoute[1]);
      lifecycle.cancel(prediction);
      return sendJson(res, 200, view(prediction));
    }
    throw notFound();
  }

  async function handleFile(res: ServerResponse, id: string): Promise<void> {
    await lifecycle.removeExpiredOutputs();
    const file = context.files.find(id);
    if (!file) return sendJson(res, 404, { detail: 'Not found.', status: 404 });
    res.writeHead(200, { 'content-type': file.contentType, 'cache-control': 'no-store' });
    createReadStream(file.path).pipe(res);
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const fileRoute = /^\/files\/([^/]+)(\/[^/]+)?$/.exec(url.pathname);
    if (!fileRoute) res.once('finish', () => context.requests.push({ method, path: url.pathname, status: res.statusCode }));
    const handled = fileRoute && method === 'GET' ? handleFile(res, fileRoute[1]) : handleApi(req, res, method, url.pathname);
    handled.catch((error: unknown) => {
      if (error instanceof ReplicateApiError) return sendJson(res, error.status, error.body, error.headers);
      process.stderr.write(`[replicate stand-in] ${method} ${url.pathname} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      sendJson(res, 500, { title: 'Internal server error', detail: 'The Replicate stand-in failed.', status: 500 });
    });
  };
}

/** `Prefer: wait` → 60 seconds, `Prefer: wait=n` → n (1..60); anything else → 0 (answer at once). */
function preferredWaitSeconds(prefer: string | undefined): number {
  const match = /(?:^|[,;\s])wait(?:=(\d+))?(?:$|[,;\s])/.exec(prefer ?? '');
  if (!match) return 0;
  return Math.min(MAX_WAIT_SECONDS, Math.max(1, Number(match[1] ?? MAX_WAIT_SECONDS)));
}
