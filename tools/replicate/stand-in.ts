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
 * Voice cloning (minimax/voice-cloning) keeps its voices per stand-in (`clonedVoices`); tests age one with
 * `clonedVoices.setUnusedFor(id, ms)` to see MiniMax's 7-day deletion.
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
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, originOf, stopServer } from '../lib/http-stand-in.ts';
import { ModelCatalog } from './catalog.ts';
import { ClonedVoices, type StandInBehaviour } from './models.ts';
import { OutputFiles } from './files.ts';
import { createLifecycle } from './lifecycle.ts';
import { predictionView, Predictions, type Creation } from './predictions.ts';
import { apiHandler, type ApiRequestRecord } from './routes.ts';
import { createWebhookSender, type WebhookDelivery } from './webhooks.ts';

export type { CreationEndpoint } from './predictions.ts';

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

export interface ReplicateStandIn {
  url: string; // http://127.0.0.1:<port>/v1, the SDK's baseUrl
  apiToken: string;
  /** Every prediction created, oldest first, with the endpoint it came through and the version it ran. */
  readonly creations: ReadonlyArray<Creation>;
  /** Every API request answered (not file downloads), oldest first. */
  readonly requests: ReadonlyArray<ApiRequestRecord>;
  /** Every webhook delivery attempt, oldest first, with the receiver's status (0: unreachable). */
  readonly deliveries: ReadonlyArray<WebhookDelivery>;
  /** The webhook signing secret (`whsec_…`). */
  readonly webhookSecret: string;
  /** The voices minimax/voice-cloning made here (the speech models speak them; one unused for 7 days is deleted). */
  readonly clonedVoices: ClonedVoices;
  /** How the models behave now: set `behaviour.lipSync` to `frozen` for a LatentSync answer out of sync on purpose. */
  readonly behaviour: StandInBehaviour;
  /** The version `latest_version` names now. */
  latestVersion(model: string): string;
  /** Publishes a new latest version of a model; `removePrevious` makes the older ones answer 404/422, as a deleted version does. */
  publishVersion(model: string, options?: { removePrevious?: boolean }): string;
  stop(): Promise<void>;
}

export async function startReplicateStandIn(options: ReplicateStandInOptions): Promise<ReplicateStandIn> {
  const host = options.host ?? '127.0.0.1';
  const root = await mkdtemp(join(tmpdir(), 'replicate-stand-in-'));
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`;
  let baseUrl = '';
  const catalog = new ModelCatalog();
  const predictions = new Predictions();
  const files = new OutputFiles(() => baseUrl);
  const clonedVoices = new ClonedVoices();
  const behaviour: StandInBehaviour = { lipSync: 'synced' };
  const webhooks = createWebhookSender({ secret: webhookSecret, view: (prediction) => predictionView(prediction, baseUrl) });
  const lifecycle = createLifecycle({
    stepMs: options.stepMs ?? 500,
    processingSteps: options.processingSteps ?? 4,
    processingMs: options.processingMs,
    outputLifetimeMs: options.outputLifetimeMs ?? 60 * 60 * 1000,
    cannedOutputs: options.cannedOutputs,
    root,
    predictions,
    files,
    voices: clonedVoices,
    behaviour,
    onEnd: (prediction) => webhooks.deliver(prediction),
  });
  const creations: Creation[] = [];
  const requests: ApiRequestRecord[] = [];
  const server = createServer(
    apiHandler({
      apiToken: options.apiToken,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      webhookSecret,
      catalog,
      predictions,
      files,
      lifecycle,
      creations,
      requests,
      baseUrl: () => baseUrl,
    }),
  );
  baseUrl = originOf(host, await listen(server, options.port, host));

  return {
    url: `${baseUrl}/v1`,
    apiToken: options.apiToken,
    creations,
    requests,
    deliveries: webhooks.deliveries,
    webhookSecret,
    clonedVoices,
    behaviour,
    latestVersion: (model) => catalog.latestVersion(model),
    publishVersion: (model, { removePrevious = false } = {}) => catalog.publishVersion(model, removePrevious),
    stop: async () => {
      webhooks.stop();
      lifecycle.stop();
      await stopServer(server);
      await rm(root, { recursive: true, force: true });
    },
  };
}
