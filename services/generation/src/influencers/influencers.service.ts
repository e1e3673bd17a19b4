import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { InfluencerImageResponse, InfluencerProject, InfluencerVideoRequest, JobState } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { Credits } from '../jobs/credits';
import { JobQueue } from '../jobs/job-queue';
import { JobsRepository, mediaUrl, toJobState } from '../jobs/jobs.repository';
import { MediaRefs } from '../media/media-refs';
import { ImagePort } from '../ports/image.port';
import { toServiceError, withWorkDir } from '../providers/work';
import { communityKey, IMAGE_EXTENSIONS, ownKey } from './influencer-keys';
import { InfluencersRepository, toInfluencerProject, type InfluencerRow } from './influencers.repository';

/** The Creator's clip length (spec section 9: 20 s, played forward then backward). */
export const CREATOR_CLIP_SECONDS = 20;
export const PORTRAIT_SIZE = { width: 640, height: 720 } as const;
export const DEFAULT_VIDEO_PROMPT = 'A person speaking to the camera, natural head movement, soft light';

/** What an image-to-video job is given. */
export interface ImageToVideoJobInput {
  projectId: number;
  imageKey: string;
  prompt: string;
  durationSeconds: number;
}

/**
 * Influencer projects: a portrait from a prompt (free, rate-limited at the gateway), its clip as a
 * job that counts as one generation, approval into the community gallery, and deletion; only the
 * owner may change a project.
 */
@Injectable()
export class InfluencersService {
  constructor(
    private readonly image: ImagePort,
    private readonly storage: StorageService,
    private readonly influencers: InfluencersRepository,
    private readonly refs: MediaRefs,
    private readonly jobs: JobsRepository,
    private readonly credits: Credits,
    private readonly queue: JobQueue,
  ) {}

  async createImage(userId: string, prompt: string): Promise<InfluencerImageResponse> {
    return withWorkDir({}, async (context) => {
      const result = await this.image.generate({ prompt, ...PORTRAIT_SIZE }, context).catch((error: unknown) => {
        throw toServiceError(error);
      });
      const file = IMAGE_EXTENSIONS[result.image.contentType] ?? 'image.jpg';
      const project = await this.influencers.insert({ user_id: userId, prompt, image_kind: result.kind, look: result.character ?? null }, (id) => ownKey(userId, id, file));
      await this.storage.putFile(project.image_key, result.image.path, result.image.contentType);
      if (result.character) {
        const lookPath = join(context.workDir, 'look.json');
        await writeFile(lookPath, JSON.stringify(result.character));
        await this.storage.putFile(ownKey(userId, project.id, 'look.json'), lookPath, 'application/json');
      }
      return { url: mediaUrl(project.image_key), id: project.id, imageKind: project.image_kind };
    });
  }

  /** Starts (or rejoins) the clip of a project's portrait; an uploaded image becomes a project of its own. */
  async startVideo(userId: string, request: InfluencerVideoRequest): Promise<JobState> {
    const image = await this.refs.resolve(userId, request.image, 'image');
    const project = await this.projectFor(userId, image.key, request);
    const dedupeKey = createHash('sha256').update(`image_to_video\n${project.id}\n${image.key}`).digest('hex');
    const existing = await this.jobs.findByDedupeKey(userId, dedupeKey);
    if (existing) return toJobState(existing);

    const jobId = randomUUID();
    await this.credits.reserve(userId, jobId);
    const input: ImageToVideoJobInput = { projectId: project.id, imageKey: image.key, prompt: request.prompt?.trim() || DEFAULT_VIDEO_PROMPT, durationSeconds: CREATOR_CLIP_SECONDS };
    const job = await this.jobs.insert({ id: jobId, user_id: userId, kind: 'image_to_video', dedupe_key: dedupeKey, input: { ...input } });
    if (!job) {
      await this.credits.release(jobId);
      const winner = await this.jobs.findByDedupeKey(userId, dedupeKey);
      if (!winner) throw ServiceError.validation('The same video is already being generated; try again in a moment.');
      return toJobState(winner);
    }
    await this.influencers.update(project.id, { job_id: jobId });
    await this.queue.enqueue(jobId);
    return toJobState(job);
  }

  private async projectFor(userId: string, imageKey: string, request: InfluencerVideoRequest): Promise<InfluencerRow> {
    if (request.projectId !== undefined) {
      const project = await this.influencers.findOwned(userId, request.projectId);
      if (!project) throw ServiceError.notFound('No such influencer project');
      if (project.image_key !== imageKey) throw ServiceError.validation("image must be this project's image");
      return project;
    }
    const existing = await this.influencers.findByImage(userId, imageKey);
    if (existing) return existing;
    // An upload (stored by the gateway under the user's folder) starts a project with that image.
    const contentType = (await this.storage.stat(imageKey))?.contentType ?? 'image/jpeg';
    const file = IMAGE_EXTENSIONS[contentType];
    if (!file) throw ServiceError.validation('image must be a JPEG, PNG or WebP picture');
    const project = await this.influencers.insert({ user_id: userId, prompt: request.prompt?.trim() ?? '', image_kind: 'upload', look: null }, (id) => ownKey(userId, id, file));
    await this.storage.copy(imageKey, project.image_key);
    return project;
  }

  async list(userId: string): Promise<InfluencerProject[]> {
    return (await this.influencers.listOwned(userId)).map((row) => toInfluencerProject(row, userId));
  }

  async get(userId: string, projectId: number): Promise<InfluencerProject> {
    return toInfluencerProject(await this.owned(userId, projectId), userId);
  }

  async gallery(callerId: string | null): Promise<InfluencerProject[]> {
    return (await this.influencers.gallery()).map((row) => toInfluencerProject(row, callerId, 'gallery'));
  }

  /** Approval shows the project in the gallery (once its clip exists); withdrawing it removes the public copies. */
  async approve(userId: string, projectId: number, approved: boolean): Promise<InfluencerProject> {
    await this.owned(userId, projectId);
    const project = await this.influencers.update(projectId, { approved });
    if (approved) await this.publish(project);
    else await this.unpublish(projectId);
    return toInfluencerProject(project, userId);
  }

  async delete(userId: string, projectId: number): Promise<{ deleted: true }> {
    const project = await this.owned(userId, projectId);
    await this.influencers.delete(projectId);
    const own = [project.image_key, project.video_key, project.thumbnail_key, ownKey(userId, projectId, 'look.json')];
    await Promise.all(own.filter((key): key is string => !!key).map((key) => this.storage.remove(key)));
    await this.unpublish(projectId);
    return { deleted: true };
  }

  /** Copies an approved project's clip, thumbnail and drawing to its public folder, once the clip exists. */
  async publish(project: InfluencerRow): Promise<void> {
    if (!project.approved || !project.video_key || !project.thumbnail_key) return;
    await this.storage.copy(project.video_key, communityKey(project.id, 'video-v1.mp4'));
    await this.storage.copy(project.thumbnail_key, communityKey(project.id, 'thumbnail-v1.jpg'));
    if (project.look) await this.storage.put(communityKey(project.id, 'look.json'), Buffer.from(JSON.stringify(project.look)), 'application/json');
  }

  private async unpublish(projectId: number): Promise<void> {
    await Promise.all((['video-v1.mp4', 'thumbnail-v1.jpg', 'look.json'] as const).map((file) => this.storage.remove(communityKey(projectId, file))));
  }

  private async owned(userId: string, projectId: number): Promise<InfluencerRow> {
    const project = await this.influencers.findOwned(userId, projectId);
    if (!project) throw ServiceError.notFound('No such influencer project');
    return project;
  }
}
