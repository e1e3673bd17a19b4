import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { StorageService } from '@lipcast/nest-kit';
import { runFfmpeg } from '../engine/media/ffmpeg';
import { probeMedia } from '../engine/media/probe';
import type { JobHandler } from '../jobs/job-worker';
import type { JobRow } from '../jobs/jobs.repository';
import type { WorkContext } from '../ports/media';
import { ImageToVideoPort } from '../ports/image.port';
import { ownKey } from './influencer-keys';
import { InfluencersRepository } from './influencers.repository';
import { InfluencersService, type ImageToVideoJobInput } from './influencers.service';

/** Runs an image-to-video job: the portrait's clip, its measured length and a thumbnail, into the project. */
@Injectable()
export class ImageToVideoHandler implements JobHandler {
  readonly kind = 'image_to_video' as const;

  constructor(
    private readonly imageToVideo: ImageToVideoPort,
    private readonly storage: StorageService,
    private readonly influencers: InfluencersRepository,
    private readonly service: InfluencersService,
  ) {}

  run(job: JobRow, context: WorkContext): Promise<{ key: string; projectId: number }> {
    return this.makeClip(job.user_id, job.input as unknown as ImageToVideoJobInput, context);
  }

  /** The clip of a project's portrait (the Creator's job, and One Shot's fifth step). */
  async makeClip(userId: string, input: ImageToVideoJobInput, context: WorkContext): Promise<{ key: string; projectId: number }> {
    const imagePath = join(context.workDir, 'image');
    await this.storage.download(input.imageKey, imagePath);
    const stat = await this.storage.stat(input.imageKey);
    const clip = await this.imageToVideo.animate(
      { image: { url: await this.storage.presignedUrl(input.imageKey), localPath: imagePath, contentType: stat?.contentType ?? 'image/jpeg' }, prompt: input.prompt, durationSeconds: input.durationSeconds },
      context,
    );
    const thumbnail = join(context.workDir, 'thumbnail.jpg');
    await runFfmpeg(['-i', clip.path, '-frames:v', '1', '-q:v', '3', thumbnail], { signal: context.signal });
    const { durationSeconds } = await probeMedia(clip.path);

    const videoKey = ownKey(userId, input.projectId, 'video.mp4');
    const thumbnailKey = ownKey(userId, input.projectId, 'thumbnail.jpg');
    await this.storage.putFile(videoKey, clip.path, 'video/mp4');
    await this.storage.putFile(thumbnailKey, thumbnail, 'image/jpeg');
    const project = await this.influencers.update(input.projectId, { video_key: videoKey, thumbnail_key: thumbnailKey, duration_seconds: durationSeconds, video_prompt: input.prompt });
    await this.service.publish(project);
    return { key: videoKey, projectId: input.projectId };
  }
}
