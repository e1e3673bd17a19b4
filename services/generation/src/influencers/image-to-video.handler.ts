import { AI_GENERATED_LABEL, lookKeyOfImage } from '@lipcast/contracts';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { StorageService } from '@lipcast/nest-kit';
import { labelContainer, probeMedia, runFfmpeg } from '@lipcast/media-tools';
import { JobHandlers, type JobCompletion, type JobContext, type JobHandler } from '../jobs/job-handlers';
import type { ImageToVideoJobInput } from '../jobs/job-inputs';
import type { Job } from '../jobs/job.entity';
import { FaceChecks } from '../media/face-checks';
import { ImageToVideoPort } from '../ports/image.port';
import { InfluencersRepository } from './influencers.repository';
import { InfluencersService } from './influencers.service';

/** A portrait's clip as stored in its job's folder. */
export interface StoredClip {
  videoKey: string;
  thumbnailKey: string;
  durationSeconds: number;
}

/** Runs an image-to-video job: the portrait's clip and a thumbnail in the job's folder; the project gets them when the job commits. */
@Injectable()
export class ImageToVideoHandler implements JobHandler<'image_to_video'> {
  readonly kind = 'image_to_video' as const;

  constructor(
    private readonly imageToVideo: ImageToVideoPort,
    private readonly storage: StorageService,
    private readonly influencers: InfluencersRepository,
    private readonly service: InfluencersService,
    private readonly faceChecks: FaceChecks,
    handlers: JobHandlers,
  ) {
    handlers.register(this);
  }

  /** Only an uploaded picture is face-checked before the job is charged: a drawn portrait (with its look.json) and a provider's photo are made for lip-sync. */
  async check(input: ImageToVideoJobInput): Promise<void> {
    if ((await this.influencers.find(input.projectId))?.imageKind === 'upload') await this.faceChecks.check(input.imageKey, 'image');
  }

  async run(job: Job<'image_to_video'>, context: JobContext): Promise<JobCompletion> {
    const { input } = job;
    const clip = await this.makeClip(input.imageKey, input.prompt, input.durationSeconds, context);
    return {
      result: { key: clip.videoKey, projectId: input.projectId },
      // A project deleted meanwhile makes the job end as cancelled (its clip deleted, its credit back).
      publish: async (em) => {
        const { videoKey, thumbnailKey, durationSeconds } = clip;
        return (await this.influencers.update(input.projectId, { videoKey, thumbnailKey, durationSeconds, videoPrompt: input.prompt }, { em, userId: job.userId })) !== null;
      },
      afterCommit: async () => {
        const project = await this.influencers.find(input.projectId);
        if (project) await this.service.publish(project);
      },
    };
  }

  /** The clip of a portrait (the Creator's job, and One Shot's last steps), with its thumbnail and, for a drawn portrait, the drawing beside it. */
  async makeClip(imageKey: string, prompt: string, durationSeconds: number, context: JobContext): Promise<StoredClip> {
    const imagePath = join(context.workDir, 'image');
    await this.storage.download(imageKey, imagePath);
    const stat = await this.storage.stat(imageKey);
    const clip = await this.imageToVideo.animate(
      { image: { url: await this.storage.presignedUrl(imageKey), localPath: imagePath, contentType: stat?.contentType ?? 'image/jpeg' }, prompt, durationSeconds },
      context,
    );
    const thumbnail = join(context.workDir, 'thumbnail.jpg');
    await runFfmpeg(['-i', clip.path, '-frames:v', '1', '-q:v', '3', thumbnail], { signal: context.signal });
    // The clip says in its file that a machine made it (issue 35: above all one of an uploaded face), as every lip-sync does.
    const labelled = join(context.workDir, 'clip-labelled.mp4');
    await labelContainer(clip.path, labelled, AI_GENERATED_LABEL, context.signal);
    const measured = await probeMedia(labelled);

    const lookKey = lookKeyOfImage(imageKey);
    if (context.outputs.key('look.json') !== lookKey && (await this.storage.stat(lookKey))) await context.outputs.copy(lookKey, 'look.json');
    return {
      videoKey: await context.outputs.putFile('clip.mp4', labelled, 'video/mp4'),
      thumbnailKey: await context.outputs.putFile('thumbnail.jpg', thumbnail, 'image/jpeg'),
      durationSeconds: measured.durationSeconds,
    };
  }
}
