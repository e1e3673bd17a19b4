import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_VIDEO_PROMPT, IMAGE_FILES, lookKeyOfImage, mediaKeyOf, mediaUrl, type AudioParams, type PipelineSteps } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { AudioService, hasTimings, timingsFile } from '../audio/audio.service';
import { seededRandom, type CharacterLook } from '@lipcast/media-engine';
import { ImageToVideoHandler, type StoredClip } from '../influencers/image-to-video.handler';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { InfluencersService } from '../influencers/influencers.service';
import { JobCompletions } from '../jobs/job-completions';
import { isDependencyOutage } from '../jobs/outages';
import { JobHandlers, progressWithin, type JobCompletion, type JobContext, type JobHandler } from '../jobs/job-handlers';
import type { OneShotInput } from '../jobs/job-inputs';
import type { Job } from '../jobs/job.entity';
import { JobsRepository } from '../jobs/jobs.repository';
import { LipSyncHandler } from '../lipsync/lipsync.handler';
import { VideoCaptions } from '../captions/video-captions';
import { VideoPosters } from '../posters/video-posters';
import { LipSyncChecks } from '../lipsync/lip-sync-checks';
import { JobParked, ProviderError } from '../ports/media';
import { ScriptPort } from '../ports/script.port';
import { readStoredJson } from '../stored-json';
import { ProjectsRepository } from '../projects/projects.repository';
import { GenerationSettings } from '../settings';
import { CONVERSION_ATTEMPTS, conversionRetryWaitMs, initialSteps, ONE_SHOT_EMOTIONS, withRetries, ONE_SHOT_VOICES, scriptFor, selfiePrompt } from './one-shot';

/**
 * Runs a One Shot run in the spec's order (script, portrait, audio, the 15 s clip (`ONE_SHOT_CLIP_SECONDS`), lip-sync), saving
 * each step's result on the job; a run handed to another worker continues after the last finished
 * step. Everything it makes stays in the job's folder (shown to its owner step by step) and becomes
 * an influencer and a history item only when the run commits. It never publishes to the gallery.
 * It has no check before it is charged: the run makes its own picture, nothing of the user's is used.
 */
@Injectable()
export class OneShotHandler implements JobHandler<'one_shot'> {
  readonly kind = 'one_shot' as const;

  constructor(
    private readonly writer: ScriptPort,
    private readonly influencers: InfluencersService,
    private readonly influencerRows: InfluencersRepository,
    private readonly audio: AudioService,
    private readonly clips: ImageToVideoHandler,
    private readonly lipSync: LipSyncHandler,
    private readonly jobs: JobsRepository,
    private readonly projects: ProjectsRepository,
    private readonly completions: JobCompletions,
    private readonly storage: StorageService,
    private readonly captions: VideoCaptions,
    private readonly posters: VideoPosters,
    private readonly lipSyncChecks: LipSyncChecks,
    private readonly settings: GenerationSettings,
    handlers: JobHandlers,
  ) {
    handlers.register(this);
  }

  async run(job: Job<'one_shot'>, context: JobContext): Promise<JobCompletion> {
    const { input } = job;
    const steps: PipelineSteps = job.steps ?? initialSteps();
    const step = async <K extends keyof PipelineSteps>(name: K, work: () => Promise<PipelineSteps[K]>): Promise<PipelineSteps[K]> => {
      if (steps[name].status === 'done') return steps[name];
      steps[name] = { status: 'running' } as PipelineSteps[K];
      await this.save(job.id, steps);
      try {
        steps[name] = await work();
      } catch (error) {
        if (error instanceof JobParked) throw error; // waiting on a provider, not failed: the step runs again when it ends
        if (isDependencyOutage(error)) throw error; // the store or a service away: the run goes on later from this step
        steps[name] = { status: 'failed' } as PipelineSteps[K];
        await this.save(job.id, steps);
        // A service's own refusal (e.g. an invalid script for speech) keeps its message for the user.
        throw error instanceof ServiceError ? new ProviderError(error.message, 'failed') : error;
      }
      await this.save(job.id, steps);
      return steps[name];
    };

    const { script } = await step('script', async () => ({ status: 'done', script: await scriptFor(input, this.writer, context.signal) }));
    context.progress(0.05);
    const image = await step('image', async () => {
      const portrait = await this.influencers.drawPortrait(selfiePrompt(input), context);
      const key = await context.outputs.putFile(IMAGE_FILES[portrait.image.contentType] ?? 'image.jpg', portrait.image.path, portrait.image.contentType);
      if (portrait.character) await context.outputs.put('look.json', Buffer.from(JSON.stringify(portrait.character)), 'application/json');
      return { status: 'done', url: mediaUrl(key), ...(portrait.coverage ? { coverage: portrait.coverage } : {}) };
    });
    context.progress(0.15);
    const params = this.audioParams(job.id, input, script!);
    const audio = await step('audio', async () => {
      const speech = await this.audio.synthesize(params, context);
      const key = await context.outputs.putFile('audio.mp3', speech.audio.path, speech.audio.contentType);
      if (hasTimings(speech)) await context.outputs.put('audio.timings.json', timingsFile(speech), 'application/json');
      return { status: 'done', url: mediaUrl(key) };
    });
    context.progress(0.25);
    const imageKey = mediaKeyOf(image.url!)!;
    let clip: StoredClip | undefined;
    const video = await step('video', async () => {
      clip = await withRetries(() => this.clips.makeClip(imageKey, DEFAULT_VIDEO_PROMPT, this.settings.ONE_SHOT_CLIP_SECONDS, progressWithin(context, 0.25, 0.55)), {
        attempts: CONVERSION_ATTEMPTS,
        waitMs: conversionRetryWaitMs,
        isRetryable: (error) => error instanceof ProviderError && error.retryable,
        onRetry: (retry) => this.save(job.id, { ...steps, video: { status: 'running', retry } }),
        signal: context.signal,
      });
      const videoKey = await this.lipSync.render(
        { videoKey: clip.videoKey, audioKey: mediaKeyOf(audio.url!)!, format: input.format, ...(input.captions ? { captions: input.captions } : {}) },
        progressWithin(context, 0.55, 0.99),
      );
      return { status: 'done', url: mediaUrl(videoKey) };
    });

    const look = (await readStoredJson<CharacterLook>(this.storage, lookKeyOfImage(imageKey))) ?? null;
    const captions = await this.captions.storedKeys(context.outputs, input.captions);
    const poster = await this.posters.storedKey(context.outputs);
    const lipSync = await this.lipSyncChecks.stored(context.outputs);
    return {
      result: { key: mediaKeyOf(video.url!)!, ...(captions ? { captions } : {}), ...(poster ? { poster } : {}), ...(lipSync ? { lipSync } : {}) },
      publish: async (em: EntityManager) => {
        const influencer = await this.influencerRows.insertMade(em, {
          userId: job.userId,
          prompt: selfiePrompt(input),
          imageKey,
          imageKind: look ? 'illustration' : 'photo',
          look,
          videoPrompt: DEFAULT_VIDEO_PROMPT,
          videoKey: clip?.videoKey ?? context.outputs.key('clip.mp4'),
          thumbnailKey: clip?.thumbnailKey ?? context.outputs.key('thumbnail.jpg'),
          // A run continued after its clip was made takes the clip's nominal length (it is made to that length).
          durationSeconds: clip?.durationSeconds ?? this.settings.ONE_SHOT_CLIP_SECONDS,
          jobId: job.id,
        });
        await this.projects.insert({ userId: job.userId, audioUrl: audio.url!, outputUrl: video.url!, audioParams: { ...params }, jobId: job.id, format: input.format ?? null }, em);
        await this.jobs.setSteps(job.id, { ...steps, image: { ...image, projectId: influencer.id } }, em);
        return true;
      },
    };
  }

  /** The spec's voice and emotion for the gender, drawn from the run's id: the same when a run is continued. */
  private audioParams(jobId: string, input: OneShotInput, script: string): AudioParams {
    const random = seededRandom(jobId);
    const voices = ONE_SHOT_VOICES[input.gender];
    return this.audio.paramsOf({
      text: script,
      voice_id: voices[Math.floor(random() * voices.length)],
      emotion: ONE_SHOT_EMOTIONS[Math.floor(random() * ONE_SHOT_EMOTIONS.length)],
      pitch: 0,
      speed: 1,
      volume: 1,
      language: 'English',
    });
  }

  private async save(jobId: string, steps: PipelineSteps): Promise<void> {
    await this.jobs.setSteps(jobId, steps);
    const job = await this.jobs.find(jobId);
    if (job) this.completions.announce(job);
  }
}
