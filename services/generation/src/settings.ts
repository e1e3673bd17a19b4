import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { EnvPurpose, MediaServiceSettings } from '@lipcast/nest-kit';

export type MediaProvider = 'embedded' | 'replicate';
export type ScriptProvider = 'embedded' | 'openai';
export type GenerationRole = 'all' | 'api' | 'worker';

/** The generation service's environment: media providers, their keys and the worker. */
export class GenerationSettings extends MediaServiceSettings {
  @EnvPurpose('who makes speech, lip-sync, images and clips: "embedded" (offline engine) or "replicate"; default replicate when REPLICATE_API_TOKEN is set')
  @IsOptional()
  @IsIn(['embedded', 'replicate'], { message: 'must be "embedded" or "replicate"' })
  MEDIA_PROVIDER?: MediaProvider;

  @EnvPurpose('who writes One Shot scripts: "embedded" or "openai"; default openai when OPENAI_API_KEY is set')
  @IsOptional()
  @IsIn(['embedded', 'openai'], { message: 'must be "embedded" or "openai"' })
  SCRIPT_PROVIDER?: ScriptProvider;

  @EnvPurpose('what this process does: "api" answers requests, "worker" runs jobs, "all" both')
  @IsIn(['all', 'api', 'worker'], { message: 'must be "all", "api" or "worker"' })
  GENERATION_ROLE: GenerationRole = 'all';

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

  @EnvPurpose('seconds one attempt of a job may run before it is stopped and failed (credit returned)')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  JOB_TIME_LIMIT_SECONDS = 1800;

  @EnvPurpose("bytes a user may keep in the object store (uploads, portraits, clips, audio); an upload past it answers 413")
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(1, { message: 'must be 1 or more' })
  USER_STORAGE_QUOTA_BYTES = 2 * 1024 ** 3;

  @EnvPurpose('seconds an uploaded picture is kept before the hourly sweep removes it (a clip started from it has copied it by then)')
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number' })
  @Min(0, { message: 'must be 0 or more' })
  UPLOAD_GRACE_SECONDS = 24 * 3600;

    @EnvPurpose('Replicate API token (r8_…)') @IsOptional() @IsString() REPLICATE_API_TOKEN?: string;
  @EnvPurpose('base URL of a Replicate-compatible API (a local stand-in); unset means api.replicate.com')
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  REPLICATE_API_URL?: string;
  @EnvPurpose('Replicate model for speech') @IsString() REPLICATE_SPEECH_MODEL = 'minimax/speech-02-hd';
  @EnvPurpose('Replicate model for lip-sync') @IsString() REPLICATE_LIPSYNC_MODEL = 'bytedance/latentsync';
  @EnvPurpose('Replicate model for images') @IsString() REPLICATE_IMAGE_MODEL = 'black-forest-labs/flux-schnell';
  @EnvPurpose('Replicate model for image to video') @IsString() REPLICATE_VIDEO_MODEL = 'wan-video/wan-2.2-i2v-fast';

  @EnvPurpose('OpenAI API key (sk-…)') @IsOptional() @IsString() OPENAI_API_KEY?: string;
  @EnvPurpose('base URL of an OpenAI-compatible API (a local stand-in); unset means api.openai.com')
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  OPENAI_BASE_URL?: string;
  @EnvPurpose('OpenAI model for scripts') @IsString() OPENAI_MODEL = 'gpt-4.1-mini';

  get mediaProvider(): MediaProvider {
    return this.MEDIA_PROVIDER ?? (this.REPLICATE_API_TOKEN ? 'replicate' : 'embedded');
  }

  get scriptProvider(): ScriptProvider {
    return this.SCRIPT_PROVIDER ?? (this.OPENAI_API_KEY ? 'openai' : 'embedded');
  }
}
