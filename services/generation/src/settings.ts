import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsNumber, IsOptional, IsString, Matches, Min, MinLength } from 'class-validator';
import { EnvPurpose, MediaServiceSettings, RequiredInProduction, WholeNumber } from '@lipcast/nest-kit';
import { ACTOR_CLIP_DEFAULTS, CREATOR_CLIP_SECONDS, DEFAULT_FREE_FIXES, ONE_SHOT_CLIP_SECONDS } from '@lipcast/contracts';
import { MODEL_REFERENCE } from './providers/replicate/replicate-client';
import { parseRetrySchedule, RETRY_SCHEDULE_PATTERN } from './webhooks/retry-schedule';
import { SCRIPT_REASONING_EFFORTS, type ScriptReasoningEffort } from './providers/openai/openai-script';

export type MediaProvider = 'embedded' | 'replicate';
export type ScriptProvider = 'embedded' | 'openai';
export type GenerationRole = 'all' | 'api' | 'worker';

/** Who makes one kind of media, when the setting is given. */
const MediaProviderChoice = () => applyDecorators(IsOptional(), IsIn(['embedded', 'replicate'], { message: 'must be "embedded" or "replicate"' }));
const OptionalHttpUrl = () => applyDecorators(IsOptional(), Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' }));
/** A Replicate model setting (`MODEL_REFERENCE`): `owner/name` or `owner/name:<64 hex digits>` (a pinned version). */
const MODEL_REFERENCE_MESSAGE = 'must be owner/name or owner/name:version (the 64-character version id)';

/** The generation service's environment: media providers, their keys and the worker. */
export class GenerationSettings extends MediaServiceSettings {
  @EnvPurpose('who makes speech, lip-sync, images and clips: "embedded" (offline engine) or "replicate"; default replicate when REPLICATE_API_TOKEN is set; SPEECH_PROVIDER, LIPSYNC_PROVIDER, IMAGE_PROVIDER, VIDEO_PROVIDER choose per port')
  @MediaProviderChoice()
  MEDIA_PROVIDER?: MediaProvider;

  @EnvPurpose('who makes speech: "embedded" or "replicate"; default MEDIA_PROVIDER')
  @MediaProviderChoice()
  SPEECH_PROVIDER?: MediaProvider;

  @EnvPurpose('who makes lip-sync: "embedded" or "replicate"; default MEDIA_PROVIDER')
  @MediaProviderChoice()
  LIPSYNC_PROVIDER?: MediaProvider;

  @EnvPurpose('who makes portraits: "embedded" or "replicate"; default MEDIA_PROVIDER')
  @MediaProviderChoice()
  IMAGE_PROVIDER?: MediaProvider;

  @EnvPurpose('who animates portraits into clips (image to video): "embedded" or "replicate"; default MEDIA_PROVIDER')
  @MediaProviderChoice()
  VIDEO_PROVIDER?: MediaProvider;

  @EnvPurpose('who writes One Shot scripts: "embedded" or "openai"; default openai when OPENAI_API_KEY is set')
  @IsOptional()
  @IsIn(['embedded', 'openai'], { message: 'must be "embedded" or "openai"' })
  SCRIPT_PROVIDER?: ScriptProvider;

  @EnvPurpose('what this process does: "api" answers requests, "worker" runs jobs, "all" both')
  @IsIn(['all', 'api', 'worker'], { message: 'must be "all", "api" or "worker"' })
  GENERATION_ROLE: GenerationRole = 'all';

  @EnvPurpose("rows of a user's public API batches that run as videos at once (the next starts when one ends)")
  @WholeNumber(1, { max: 20 })
  BATCH_CONCURRENCY = 2;

  @EnvPurpose('jobs one worker process runs at once')
  @WholeNumber(1, { max: 16 })
  WORKER_CONCURRENCY = 1;

  @EnvPurpose('milliseconds a running job may go without a heartbeat before another worker takes it over')
  @WholeNumber(1000, { unit: 'milliseconds' })
  JOB_ACK_WAIT_MS = 30_000;

  @EnvPurpose('milliseconds a queued job may stay unpublished (its message never reached JetStream: NATS or billing away) while the dispatcher keeps trying; then it fails with its credit released')
  @WholeNumber(10_000, { unit: 'milliseconds' })
  JOB_PUBLISH_GIVE_UP_MS = 600_000;

  @EnvPurpose('seconds one attempt of a job may run before it is stopped and failed (credit returned)')
  @WholeNumber(1, { unit: 'seconds' })
  JOB_TIME_LIMIT_SECONDS = 1800;

  @EnvPurpose('provider-bound jobs one worker process runs at once (they submit and collect predictions, and wait parked in between)')
  @WholeNumber(1, { max: 1000 })
  PROVIDER_JOB_CONCURRENCY = 20;

  @EnvPurpose('how a job waits on a provider\'s prediction: "park" frees the worker until the webhook or the poller sees it end; "hold" keeps polling in the worker')
  @IsIn(['park', 'hold'], { message: 'must be "park" or "hold"' })
  PROVIDER_WAIT: 'park' | 'hold' = 'park';

  @EnvPurpose('seconds a provider prediction may run before it is cancelled and its job fails as timed out')
  @WholeNumber(1, { unit: 'seconds' })
  PROVIDER_CALL_TIMEOUT_SECONDS = 900;

  @EnvPurpose('seconds between looks at an open prediction (without webhooks; with them, a slow safety net)')
  @Type(() => Number)
  @IsNumber({}, { message: 'must be a number' })
  @Min(0.05, { message: 'must be at least 0.05' })
  PROVIDER_POLL_SECONDS = 2;

  @EnvPurpose('public URL Replicate sends prediction webhooks to (https://<site>/api/replicate/webhook); unset: open predictions are polled')
  @OptionalHttpUrl()
  REPLICATE_WEBHOOK_URL?: string;

  @EnvPurpose("the lip-sync check's limit on a finished video's offset between sound and mouth, in ms either way; a provider's video past it (or LIPSYNC_MIN_CONFIDENCE) is made once more")
  @WholeNumber(0, { unit: 'ms' })
  LIPSYNC_MAX_OFFSET_MS = 160;

  @EnvPurpose("the lip-sync check's least confidence (0-1: how well mouth and sound match) for a finished video to pass")
  @Type(() => Number)
  @IsNumber({}, { message: 'must be a number' })
  @Min(0, { message: 'must be at least 0' })
  LIPSYNC_MIN_CONFIDENCE = 0.3;

  @EnvPurpose('seconds of the clip the Creator makes of a portrait (the product\'s is 20); a test stack may set fewer to render less')
  @WholeNumber(1, { max: 60, unit: 'seconds' })
  CREATOR_CLIP_SECONDS = CREATOR_CLIP_SECONDS;

  @EnvPurpose('seconds of the clip a One Shot run animates its portrait into before the lip-sync (the product\'s is 15); a test stack may set fewer to render less')
  @WholeNumber(1, { max: 60, unit: 'seconds' })
  ONE_SHOT_CLIP_SECONDS = ONE_SHOT_CLIP_SECONDS;

  @EnvPurpose('"true": a provider\'s video that fails the lip-sync check twice is made a third time by the embedded engine; "false" (default): the better of the two is delivered with its score')
  @IsIn(['true', 'false'], { message: 'must be "true" or "false"' })
  LIPSYNC_FALLBACK_EMBEDDED: 'true' | 'false' = 'false';

  @EnvPurpose('how many fixes of one sentence ("Edit script") a finished video gets free; each later one costs REVISION_COST_GENERATIONS')
  @WholeNumber(0)
  REVISION_FREE_FIXES = DEFAULT_FREE_FIXES;

  @EnvPurpose('what a fix of one sentence costs once a video\'s free fixes are used: 1 (one generation) or 0 (always free)')
  @WholeNumber(0, { max: 1 })
  REVISION_COST_GENERATIONS = 1;

  @EnvPurpose("bytes a user may keep in the object store (uploads, portraits, clips, audio); an upload past it answers 413")
  @WholeNumber(1, { unit: 'bytes' })
  USER_STORAGE_QUOTA_BYTES = 2 * 1024 ** 3;

  @EnvPurpose("shortest own actor's clip a creator may upload, in seconds")
  @WholeNumber(1, { unit: 'seconds' })
  ACTOR_CLIP_MIN_SECONDS: number = ACTOR_CLIP_DEFAULTS.minSeconds;

  @EnvPurpose("longest own actor's clip a creator may upload, in seconds (a longer speech loops it forward and backward)")
  @WholeNumber(1, { unit: 'seconds' })
  ACTOR_CLIP_MAX_SECONDS: number = ACTOR_CLIP_DEFAULTS.maxSeconds;

  @EnvPurpose('weighted reports since the last operator decision that put a gallery influencer in review (out of the gallery until an operator restores or removes it): an account older than a day or a paying one counts 1, a newer account or a signed-out address 1/3')
  @WholeNumber(1)
  GALLERY_REPORTS_TO_HIDE = 3;

  @EnvPurpose('seconds an uploaded picture is kept before the hourly sweep removes it (a clip started from it has copied it by then)')
  @WholeNumber(0, { unit: 'seconds' })
  UPLOAD_GRACE_SECONDS = 24 * 3600;

  @EnvPurpose('waits between a webhook delivery\'s attempts after a non-2xx answer or a time-out, comma-separated (ms, s, m, h); after the last one the delivery has failed. The default spans about 24 h')
  @Matches(RETRY_SCHEDULE_PATTERN, { message: 'must be durations like "30s,1m,5m,1h" (ms, s, m or h)' })
  WEBHOOK_RETRY_SCHEDULE = '30s,1m,5m,15m,1h,2h,4h,8h,8h';

  @EnvPurpose('milliseconds one webhook attempt may take, redirects included, before it counts as a time-out')
  @WholeNumber(100, { unit: 'milliseconds' })
  WEBHOOK_TIMEOUT_MS = 10_000;

  @EnvPurpose('"true" lets webhooks reach 127.0.0.1 and ::1 on any port (tests only: a receiver on this machine); private and other addresses stay refused')
  @IsIn(['true', 'false'], { message: 'must be "true" or "false"' })
  WEBHOOK_ALLOW_LOOPBACK: 'true' | 'false' = 'false';

  @EnvPurpose('ports webhooks may be delivered to, comma-separated; an attempt to another port is refused (no connection, no retry), so receivers cannot be pointed at other services\' ports')
  @Matches(/^\s*\d{1,5}(\s*,\s*\d{1,5})*\s*$/, { message: 'must be port numbers separated by commas, e.g. 443,80' })
  WEBHOOK_ALLOWED_PORTS = '443,80';

  @EnvPurpose('webhook endpoints one user may register; another is refused (400) until one is deleted')
  @WholeNumber(1)
  WEBHOOK_ENDPOINTS_PER_USER = 10;

  @EnvPurpose('manual redeliveries one webhook endpoint (or request webhook URL) may get in an hour, counted across replicas; another is refused (429) until the oldest is an hour old')
  @WholeNumber(1)
  WEBHOOK_REDELIVERIES_PER_HOUR = 10;

  @EnvPurpose('failed webhook deliveries in a row (each one\'s every automatic attempt answered without a 2xx, or refused) that disable an endpoint: it gets nothing more until its owner enables it again (POST /api/v1/webhooks/{id}/enable); a delivered one resets the count')
  @WholeNumber(1)
  WEBHOOK_DISABLE_AFTER_FAILURES = 20;

  @EnvPurpose('key that encrypts webhook endpoints\' signing secrets at rest (AES-256-GCM, the key is its SHA-256) and derives the secret of request webhook URLs; any long random string')
  @RequiredInProduction()
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters' })
  WEBHOOK_SECRET_KEY = 'lipcast-development-webhook-key';

 @IsOptional() @IsString() REPLICATE_API_TOKEN?: string;
  @EnvPurpose('base URL of a Replicate-compatible API (a local stand-in); unset means api.replicate.com')
  @OptionalHttpUrl()
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
  @OptionalHttpUrl()
  OPENAI_BASE_URL?: string;
  @EnvPurpose('OpenAI model for scripts; a warning at start when OpenAI shuts it down within 90 days') @IsString() OPENAI_MODEL = 'gpt-5.4-mini';
  @EnvPurpose('reasoning effort the script model spends: "none", "minimal", "low" or "medium" as the model takes them, "off" for a model that does not reason')
  @IsIn(SCRIPT_REASONING_EFFORTS, { message: 'must be "off", "none", "minimal", "low" or "medium"' })
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
