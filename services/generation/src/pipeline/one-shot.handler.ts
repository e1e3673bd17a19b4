import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { jobProgressSubject, type PipelineSteps } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import type { AudioRequestDto } from '../audio/audio.dto';
import { AudioService } from '../audio/audio.service';
import { seededRandom } from '../engine/characters/look';
import { ImageToVideoHandler } from '../influencers/image-to-video.handler';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { InfluencersService } from '../influencers/influencers.service';
import type { JobHandler } from '../jobs/job-worker';
import { JobsRepository, mediaUrl, toJobState, type JobRow } from '../jobs/jobs.repository';
import { LipSyncHandler } from '../lipsync/lipsync.handler';
import { mediaKeyOf } from '../media/media-refs';
import { ProviderError, type WorkContext } from '../ports/media';
import { ScriptPort } from '../ports/script.port';
import { linkProjectToJob } from '../projects/project-links';
import { CONVERSION_ATTEMPTS, conversionRetryWaitMs, initialSteps, ONE_SHOT_EMOTIONS, withRetries, ONE_SHOT_SECONDS, ONE_SHOT_VIDEO_PROMPT, ONE_SHOT_VOICES, selfiePrompt, type OneShotInput } from './one-shot';

/** A share of the run's progress for one step. */
const within = (context: WorkContext, from: number, to: number): WorkContext => ({ ...context, progress: (fraction) => context.progress(from + (to - from) * fraction) });

/**
 * Runs a One Shot run in the spec's order (script; image as an influencer project; audio; approve;
 * the 15 s clip; lip-sync), saving each step's result on the job. A run handed to another worker
 * continues after the last finished step.
 */
@Injectable()
export class OneShotHandler implements JobHandler {
  readonly kind = 'one_shot' as const;

  constructor(
    private readonly writer: ScriptPort,
    private readonly influencers: InfluencersService,
    private readonly influencerRows: InfluencersRepository,
    private readonly audio: AudioService,
    private readonly clips: ImageToVideoHandler,
    private readonly lipSync: LipSyncHandler,
    private readonly jobs: JobsRepository,
    private readonly services: ServiceClient,
    private readonly em: EntityManager,
  ) {}

  async run(job: JobRow, context: WorkContext): Promise<{ key: string }> {
    const input = job.input as unknown as OneShotInput;
    const steps: PipelineSteps = job.steps ?? initialSteps();
    const step = async <K extends keyof PipelineSteps>(name: K, work: () => Promise<PipelineSteps[K]>): Promise<PipelineSteps[K]> => {
      if (steps[name].status === 'done') return steps[name];
      steps[name] = { status: 'running' } as PipelineSteps[K];
      await this.save(job.id, steps);
      try {
        steps[name] = await work();
      } catch (error) {
        steps[name] = { status: 'failed' } as PipelineSteps[K];
        await this.save(job.id, steps);
        // A service's own refusal (e.g. an invalid script for speech) keeps its message for the user.
        throw error instanceof ServiceError ? new ProviderError(error.message, 'failed') : error;
      }
      await this.save(job.id, steps);
      return steps[name];
    };
    const random = seededRandom(job.id); // the same voice and emotion when a run is continued

    const { script } = await step('script', async () => ({
      status: 'done',
      script: await this.writer.write({ topic: input.topic, maxDurationSeconds: ONE_SHOT_SECONDS }, context.signal),
    }));
    context.progress(0.05);
    const image = await step('image', async () => {
      const made = await this.influencers.createImage(job.user_id, selfiePrompt(input));
      return { status: 'done', url: made.url, projectId: made.id };
    });
    context.progress(0.15);
    const audio = await step('audio', async () => {
      const voices = ONE_SHOT_VOICES[input.gender];
      const request = {
        userId: job.user_id, text: script!, voice_id: voices[Math.floor(random() * voices.length)],
        emotion: ONE_SHOT_EMOTIONS[Math.floor(random() * ONE_SHOT_EMOTIONS.length)], pitch: 0, speed: 1, volume: 1, language: 'English',
      } satisfies AudioRequestDto;
      const made = await this.audio.create(request);
      await linkProjectToJob(this.em, job.user_id, made.url, job.id);
      return { status: 'done', url: made.url };
    });
    context.progress(0.25);
    const video = await step('video', async () => {
      await this.influencers.approve(job.user_id, image.projectId!, true);
      const project = await this.influencerRows.find(image.projectId!);
      if (!project) throw new Error('The influencer project of this run was deleted');
      const clip = await withRetries(
        () => this.clips.makeClip(job.user_id, { projectId: project.id, imageKey: project.image_key, prompt: ONE_SHOT_VIDEO_PROMPT, durationSeconds: ONE_SHOT_SECONDS }, within(context, 0.25, 0.55)),
        {
          attempts: CONVERSION_ATTEMPTS,
          waitMs: conversionRetryWaitMs,
          isRetryable: (error) => error instanceof ProviderError && error.retryable,
          onRetry: (retry) => this.save(job.id, { ...steps, video: { status: 'running', retry } }),
          signal: context.signal,
        },
      );
      const result = await this.lipSync.render(job.user_id, job.id, { videoKey: clip.key, audioKey: mediaKeyOf(audio.url!)! }, within(context, 0.55, 0.99));
      return { status: 'done', url: mediaUrl(result.key) };
    });
    return { key: mediaKeyOf(video.url!)! };
  }

  private async save(jobId: string, steps: PipelineSteps): Promise<void> {
    await this.jobs.setSteps(jobId, steps);
    const job = await this.jobs.find(jobId);
    if (job) this.services.publish(jobProgressSubject(jobId), toJobState(job));
  }
}
