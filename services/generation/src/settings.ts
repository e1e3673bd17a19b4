import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { EnvPurpose, MediaServiceSettings, RequiredInProduction } from '@lipcast/nest-kit';
import { parseRetrySchedule, RETRY_SCHEDULE_PATTERN } from './webhooks/retry-schedule';
import type { ScriptReasoningEffort } from './providers/openai/openai-script';

export type MediaProvider = 'embedded' | 'replicate';
export type ScriptProvider = 'embedded' | 'openai';
export type GenerationRole = 'all' | 'api' | 'worker';

/** A Replicate model setting: `owner/name` or `owner/name:<64 hex digits>` (a pinned version). */
const MODEL_REFERENCE = /^[A-Za-z0-9][\w.-]*\/[\w.-]+(?::[0-9a-f]{64})?$/;
const MODEL_REFERENCE_MESSAGE = 'must be owner/name or owner/name:version (the 64-character version id)';

/** The generation service's environment: media providers, their keys and the worker. */
export class GenerationSettings extends MediaServiceSettings {
  @EnvPurpose('who makes speech, lip-sync, images and clips: "embedded" (offline engine) or "replicate"; default replicate when REPLICATE_API_TOKEN is set; SPEECH_PROVIDER, LIPSYNC_PROVIDER, IMAGE_PROVIDER, VIDEO_PROVIDER choose per port')
  @IsOptional()
  @IsIn(['embedded', 'replicate'], { message: 'must be "embedded" or "replicate"' })
  MEDIA_PROVIDER?: MediaProvider;

  @EnvPurpose('who makes speech: "embedded" or "replicate"; default MEDIA_PROVIDER')
  @IsOptional()
  @IsIn(['embedded', 'replicate'], { message: 'must be "embedded" or "replicate"' })
  SPEECH_PROVIDER?: MediaProvider;

  @EnvPurpose('who makes lip-sync: "embedded" or "replicate"; default MEDIA_PROVIDER')
  @IsOptional()
  @IsIn(['embedded', 'replicate'], { message: 'must be "embedded" or "replicate"' })
  LIPSYNC_PROVIDER?: MediaProvider;

  @EnvPurpose('who makes portraits: "embedded" or "replicate"; default MEDIA_PROVIDER')
  @IsOptional()
  @IsIn(['embedded', 'replicate'], { message: 'must be "embedded" or "replicate"' })
  IMAGE_PROVIDER?: MediaProvider;

  @EnvPurpose('who animates portraits into clips (image to video): "embedded" or "replicate"; default MEDIA_PROVIDER')
  @IsOptional()
  @IsIn(['embedded', 'replicate'], { message: 'must be "embedded" or "replicate"' })
  VIDEO_PROVIDER?: MediaProvider;

  @EnvPurpose('who writes One Shot scripts: "embedded" or "openai"; default openai when OPENAI_API_KEY is set')
  @IsOptional()
  @IsIn(['embedded', 'openai'], { message: 'must be "embedded" or "openai"' })
  SCRIPT_PROVIDER?: ScriptProvider;

  @EnvPurpose('what this process does: "api" answers requests, "worker" runs jobs, "all" both')
  @IsIn(['all', 'api', 'worker'], { message: 'must be "all", "api" or "worker"' })
  GENERATION_ROLE: GenerationRole = 'all';

  @EnvPurpose("rows of a user's public API batches that run as videos at once (the next starts when one ends)")
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  @Max(20, { message: 'must be 20 or fewer' })
  BATCH_CONCURRENCY = 2;

  @EnvPurpose('jobs one worker process runs at once')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  @Max(16, { message: 'must be 16 or fewer' })
  WORKER_CONCURRENCY = 1;

  @EnvPurpose('milliseconds a running job may go without a heartbeat before another worker takes it over')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1000, { message: 'must be 1000 or more' })
  JOB_ACK_WAIT_MS = 30_000;

  @EnvPurpose('milliseconds a queued job may stay unpublished (its message never reached JetStream: NATS or billing away) while the dispatcher keeps trying; then it fails with its credit released')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(10_000, { message: 'must be 10000 or more' })
  JOB_PUBLISH_GIVE_UP_MS = 600_000;

  @EnvPurpose('seconds one attempt of a job may run before it is stopped and failed (credit returned)')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  JOB_TIME_LIMIT_SECONDS = 1800;

  @EnvPurpose('provider-bound jobs one worker process runs at once (they submit and collect predictions, and wait parked in between)')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  @Max(1000, { message: 'must be 1000 or fewer' })
  PROVIDER_JOB_CONCURRENCY = 20;

  @EnvPurpose('how a job waits on a provider\'s prediction: "park" frees the worker until the webhook or the poller sees it end; "hold" keeps polling in the worker')
  @IsIn(['park', 'hold'], { message: 'must be "park" or "hold"' })
  PROVIDER_WAIT: 'park' | 'hold' = 'park';

  @EnvPurpose('seconds a provider prediction may run before it is cancelled and its job fails as timed out')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  PROVIDER_CALL_TIMEOUT_SECONDS = 900;

  @EnvPurpose('seconds between looks at an open prediction (without webhooks; with them, a slow safety net)')
  @Type(() => Number)
  @IsNumber({}, { message: 'must be a number' })
  @Min(0.05, { message: 'must be at least 0.05' })
  PROVIDER_POLL_SECONDS = 2;

  @EnvPurpose('public URL Replicate sends prediction webhooks to (https://<site>/api/replicate/webhook); unset: open predictions are polled')
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  REPLICATE_WEBHOOK_URL?: string;

  @EnvPurpose("bytes a user may keep in the object store (uploads, portraits, clips, audio); an upload past it answers 413")
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  USER_STORAGE_QUOTA_BYTES = 2 * 1024 ** 3;

  @EnvPurpose('weighted reports since the last operator decision that put a gallery influencer in review (out of the gallery until an operator restores or removes it): an account older than a day or a paying one counts 1, a newer account or a signed-out address 1/3')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  GALLERY_REPORTS_TO_HIDE = 3;

  @EnvPurpose('seconds an uploaded picture is kept before the hourly sweep removes it (a clip started from it has copied it by then)')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(0, { message: 'must be 0 or more' })
  UPLOAD_GRACE_SECONDS = 24 * 3600;

  @EnvPurpose('waits between a webhook delivery\'s attempts after a non-2xx answer or a time-out, comma-separated (ms, s, m, h); after the last one the delivery has failed. The default spans about 24 h')
  @Matches(RETRY_SCHEDULE_PATTERN, { message: 'must be durations like "30s,1m,5m,1h" (ms, s, m or h)' })
  WEBHOOK_RETRY_SCHEDULE = '30s,1m,5m,15m,1h,2h,4h,8h,8h';

  @EnvPurpose('milliseconds one webhook attempt may take, redirects included, before it counts as a time-out')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(100, { message: 'must be 100 or more' })
  WEBHOOK_TIMEOUT_MS = 10_000;

  @EnvPurpose('"true" lets webhooks reach 127.0.0.1 and ::1 on any port (tests only: a receiver on this machine); private and other addresses stay refused')
  @IsIn(['true', 'false'], { message: 'must be "true" or "false"' })
  WEBHOOK_ALLOW_LOOPBACK: 'true' | 'false' = 'false';

  @EnvPurpose('ports webhooks may be delivered to, comma-separated; an attempt to another port is refused (no connection, no retry), so receivers cannot be pointed at other services\' ports')
  @Matches(/^\s*\d{1,5}(\s*,\s*\d{1,5})*\s*$/, { message: 'must be port numbers separated by commas, e.g. 443,80' })
  WEBHOOK_ALLOWED_PORTS = '443,80';

  @EnvPurpose('webhook endpoints one user may register; another is refused (400) until one is deleted')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  WEBHOOK_ENDPOINTS_PER_USER = 10;

  @EnvPurpose('manual redeliveries one webhook endpoint (or request webhook URL) may get in an hour, counted across replicas; another is refused (429) until the oldest is an hour old')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  WEBHOOK_REDELIVERIES_PER_HOUR = 10;

  @EnvPurpose('failed webhook deliveries in a row (each one\'s every automatic attempt answered without a 2xx, or refused) that disable an endpoint: it gets nothing more until its owner enables it again (POST /api/v1/webhooks/{id}/enable); a delivered one resets the count')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  WEBHOOK_DISABLE_AFTER_FAILURES = 20;

  @EnvPurpose('key that encrypts webhook endpoints\' signing secrets at rest (AES-256-GCM, the key is its SHA-256) and derives the secret of request webhook URLs; any long random string')
  @RequiredInProduction()
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters' })
  WEBHOOK_SECRET_KEY = 'lipcast-development-webhook-key';

 @IsOptional() @IsString() REPLICATE_API_TOKEN?: string;
  @EnvPurpose('base URL of a Replicate-compatible API (a local stand-in); unset means api.replicate.com')
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  REPLICATE_API_URL?: string;
  @EnvPurpose('Replicate model for speech: owner/name (official: its model endpoint, else its latest version) or owner/name:version (pinned)')
  @Matches(MODEL_REFERENCE, { message: MODEL_REFERENCE_MESSAGE })
  REPLICATE_SPEECH_MODEL = 'minimax/speech-02-hd';
  @EnvPurpose('Replicate model for lip-sync: owner/name or owner/name:version (bytedance/latentsync is a community model: its latest version runs)')
  @Matches(MODEL_REFERENCE, { message: MODEL_REFERENCE_MESSAGE })
  REPLICATE_LIPSYNC_MODEL = 'bytedance/latentsync';
  @EnvPurpose('Replicate model for images: owner/name or owner/name:version')
  @Matches(MODEL_REFERENCE, { message: MODEL_REFERENCE_MESSAGE })
  REPLICATE_IMAGE_MODEL = 'black-forest-labs/flux-schnell';
  @EnvPurpose('Replicate model for image to video: owner/name or owner/name:version')
  @Matches(MODEL_REFERENCE, { message: MODEL_REFERENCE_MESSAGE })
  REPLICATE_VIDEO_MODEL = 'wan-video/wan-2.2-i2v-fast';

  @EnvPurpose('OpenAI API key (sk-…)') @IsOptional() @IsString() OPENAI_API_KEY?: string;
  @EnvPurpose('base URL of an OpenAI-compatible API (a local stand-in); unset means api.openai.com')
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  OPENAI_BASE_URL?: string;
  @EnvPurpose('OpenAI model for scripts; a warning at start when OpenAI shuts it down within 90 days') @IsString() OPENAI_MODEL = 'gpt-5.4-mini';
  @EnvPurpose('reasoning effort the script model spends: "none", "minimal", "low" or "medium" as the model takes them, "off" for a model that does not reason')
  @IsIn(['off', 'none', 'minimal', 'low', 'medium'] satisfies ScriptReasoningEffort[], { message: 'must be "off", "none", "minimal", "low" or "medium"' })
  OPENAI_REASONING_EFFORT: ScriptReasoningEffort = 'low';

  get mediaProvider(): MediaProvider {
    return this.MEDIA_PROVIDER ?? (this.REPLICATE_API_TOKEN ? 'replicate' : 'embedded');
  }

  get speechProvider(): MediaProvider {
    return this.SPEECH_PROVIDER ?? this.mediaProvider;
  }

  get lipSyncProvider(): MediaProvider {
    return this.LIPSYNC_PROVIDER ?? this.mediaProvider;
  }

  get imageProvider(): MediaProvider {
    return this.IMAGE_PROVIDER ?? this.mediaProvider;
  }

  get imageToVideoProvider(): MediaProvider {
    return this.VIDEO_PROVIDER ?? this.mediaProvider;
  }

  get webhookRetrySchedule(): number[] {
    return parseRetrySchedule(this.WEBHOOK_RETRY_SCHEDULE);
  }

  get webhookAllowedPorts(): number[] {
    return this.WEBHOOK_ALLOWED_PORTS.split(',').map((port) => Number(port.trim()));
  }

  get scriptProvider(): ScriptProvider {
    return this.SCRIPT_PROVIDER ?? (this.OPENAI_API_KEY ? 'openai' : 'embedded');
  }
}
