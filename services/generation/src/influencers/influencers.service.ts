import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_VIDEO_PROMPT, ErrorCode, IN_REVIEW_REASON, PHOTO_CONSENT_MESSAGE, PORTRAIT_SIZE, PublishMessages, type AdminModerationDecisionRequest, type AdminModerationDecisionResult, type InfluencerImageResponse, type InfluencerPublishRequest, type InfluencerReportRequest, type InfluencerProject, type InfluencerVideoRequest, type JobState, mediaUrl, COMMUNITY_ROOT, communityFolder, communityProjectIdOf, communityImageKey, communityKey, IMAGE_FILES, allLandmarksKeysOf, influencerFolder, influencerKey, lookKeyOfImage } from '@lipcast/contracts';
import { OpsRegistry, ServiceError, StorageService } from '@lipcast/nest-kit';
import type { ImageToVideoJobInput } from '../jobs/job-inputs';
import { JobSubmitter } from '../jobs/job-submitter';
import { Quotas } from '../jobs/quotas';
import { ignoreFinishedJob, JobsService } from '../jobs/jobs.service';
import { MediaRefs } from '../media/media-refs';
import { ConsentsRepository } from '../own-actors/consents.repository';
import { GenerationSettings } from '../settings';
import { ImagePort, type ImageResult } from '../ports/image.port';
import type { WorkContext } from '../ports/media';
import { throwAsServiceError, withWorkDir } from '../providers/work';
import type { InfluencerProjectRecord } from './influencer-project.entity';
import { InfluencersRepository, toInfluencerProject } from './influencers.repository';

/**
 * Influencer projects: a portrait from a prompt (free, rate-limited at the gateway), its silent clip
 * as a free job that takes one of the day's image previews (the talking video made from it in the
 * wizard is what costs a generation), publishing into the community gallery (only by the owner's
 * explicit choice, with consent and a name; never automatically), and deletion; only the owner may
 * change a project.
 */
@Injectable()
export class InfluencersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(InfluencersService.name);

  constructor(
    private readonly image: ImagePort,
    private readonly storage: StorageService,
    private readonly influencers: InfluencersRepository,
    private readonly refs: MediaRefs,
    private readonly submitter: JobSubmitter,
    private readonly jobs: JobsService,
    private readonly settings: GenerationSettings,
    private readonly consents: ConsentsRepository,
    private readonly quotas: Quotas,
    ops: OpsRegistry,
  ) {
    // Operators see reported gallery items (in review or not) on the ops listener's /status.
    ops.addSection('reportedInfluencers', () => this.influencers.reported());
  }

  /** A portrait in the Creator's size from the active image provider (not stored). */
  drawPortrait(prompt: string, context: WorkContext): Promise<ImageResult> {
    return this.image.generate({ prompt, ...PORTRAIT_SIZE }, context);
  }

  async createImage(userId: string, prompt: string): Promise<InfluencerImageResponse> {
    return withWorkDir({}, async (context) => {
      const result = await this.drawPortrait(prompt, context).catch(throwAsServiceError);
      const file = IMAGE_FILES[result.image.contentType] ?? 'image.jpg';
      const project = await this.influencers.insert({ userId, prompt, imageKind: result.kind, look: result.character ?? null }, (id) => influencerKey(userId, id, file));
      await this.storage.putFile(project.imageKey, result.image.path, result.image.contentType);
      if (result.character) {
        const lookPath = join(context.workDir, 'look.json');
        await writeFile(lookPath, JSON.stringify(result.character));
        await this.storage.putFile(influencerKey(userId, project.id, 'look.json'), lookPath, 'application/json');
      }
      return { url: mediaUrl(project.imageKey), id: project.id, imageKind: project.imageKind, ...(result.coverage ? { coverage: result.coverage } : {}) };
    });
  }

  /**
   * Starts (or rejoins) the clip of a project's portrait; an uploaded image becomes a project of its
   * own, with the likeness consent its creator gave for it (required). The clip is a preview: it
   * reserves no credit and takes one of today's image previews once its checks pass (a rejoin takes
   * none; when they are spent, QUOTA_EXCEEDED and nothing runs).
   */
  async startVideo(userId: string, request: InfluencerVideoRequest): Promise<JobState> {
    const image = await this.refs.resolve(userId, request.image, 'image');
    const { project, created } = await this.projectFor(userId, image.key, request);
    const input: ImageToVideoJobInput = { projectId: project.id, imageKey: project.imageKey, prompt: request.prompt?.trim() || DEFAULT_VIDEO_PROMPT, durationSeconds: this.settings.CREATOR_CLIP_SECONDS };
    try {
      return await this.submitter.submit({
        userId,
        kind: 'image_to_video',
        dedupeKey: createHash('sha256').update(`image_to_video\n${project.id}\n${project.imageKey}`).digest('hex'),
        input: { ...input },
        free: true,
        beforeInsert: () => this.quotas.consume(userId, 'image'),
        afterInsert: async (job) => {
          // Recorded with the job that first uses the upload, so a refused start (face check, 429) records none.
          const consent = created ? await this.consents.record(userId, 'likeness', project.imageKey) : null;
          await this.influencers.update(project.id, { jobId: job.id, ...(consent ? { consentId: consent.id } : {}) });
        },
      });
    } catch (error) {
      // A project made for this upload does not outlive a start that failed (e.g. 429): nothing is left behind.
      if (created) await this.removeProject(project);
      throw error;
    }
  }

  private async projectFor(userId: string, imageKey: string, request: InfluencerVideoRequest): Promise<{ project: InfluencerProjectRecord; created: boolean }> {
    if (request.projectId !== undefined) {
      const project = await this.influencers.findOwned(userId, request.projectId);
      if (!project) throw ServiceError.notFound('No such influencer project');
      if (project.imageKey !== imageKey) throw ServiceError.validation("image must be this project's image");
      return { project, created: false };
    }
    const existing = await this.influencers.findByImage(userId, imageKey);
    if (existing) return { project: existing, created: false };
    // An upload (stored by the gateway under the user's folder) starts a project with that image, only with the creator's consent for its face.
    if (request.consent !== true) throw ServiceError.validation(PHOTO_CONSENT_MESSAGE, { field: 'consent' });
    const contentType = (await this.storage.stat(imageKey))?.contentType ?? 'image/jpeg';
    const file = IMAGE_FILES[contentType];
    if (!file) throw ServiceError.validation('image must be a JPEG, PNG or WebP picture');
    const project = await this.influencers.insert({ userId, prompt: request.prompt?.trim() ?? '', imageKind: 'upload', look: null }, (id) => influencerKey(userId, id, file));
    await this.storage.copy(imageKey, project.imageKey);
    return { project, created: true };
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

  /**
   * Anyone may report an influencer in the gallery. An established reporter (an account older than a
   * day, or a paying one) counts 1, a new account or a signed-out address 1/3, so a few fresh accounts
   * cannot take anyone's item down. When the reports since the last operator decision weigh
   * `GALLERY_REPORTS_TO_HIDE`, the item goes in review: out of the gallery, its public copies removed,
   * until an operator restores or removes it.
   */
  async report(request: InfluencerReportRequest): Promise<{ reported: true }> {
    const project = await this.influencers.find(request.projectId);
    if (!project?.approved || project.moderation !== 'visible') throw ServiceError.notFound('No such influencer in the gallery');
    const weightThirds = request.established === true ? 3 : 1;
    const weight = await this.influencers.report({ projectId: project.id, reporter: request.reporter, reason: request.reason, contact: request.contact?.trim() || null, weightThirds });
    if (weight >= this.settings.GALLERY_REPORTS_TO_HIDE * 3 && (await this.influencers.putInReview(project.id, IN_REVIEW_REASON))) await this.unpublish(project.id);
    return { reported: true };
  }

  /**
   * An operator restores an item (back in the gallery if its owner publishes it) or removes it, always
   * with a reason its owner reads; reports made before the decision no longer count.
   */
  async decide(request: AdminModerationDecisionRequest): Promise<AdminModerationDecisionResult> {
    const project = await this.influencers.decide(request.influencerId, request.decision === 'restore' ? 'visible' : 'removed', request.reason.trim());
    if (!project) throw ServiceError.notFound('No such influencer project');
    if (project.moderation === 'visible') await this.publish(project);
    else await this.unpublish(project.id);
    return { influencerId: String(project.id), state: project.moderation };
  }

  /** The owner's one appeal of a review or a removal, which operators read beside the reports. */
  async appeal(userId: string, projectId: number, message: string): Promise<InfluencerProject> {
    const appealed = await this.influencers.appeal(userId, projectId, message.trim());
    if (appealed) return toInfluencerProject(appealed, userId);
    const project = await this.owned(userId, projectId);
    if (project.moderation === 'visible') throw new ServiceError(ErrorCode.Conflict, 'Only an influencer under review or removed can be appealed.');
    throw new ServiceError(ErrorCode.Conflict, 'You have already appealed this decision: an operator will read it.');
  }

  /**
   * Publishing shows the project in the gallery (once its clip exists) under the name its owner gives,
   * and only with their consent recorded; withdrawing it removes the public copies at once.
   */
  async approve(userId: string, request: Omit<InfluencerPublishRequest, 'userId'>): Promise<InfluencerProject> {
    const { projectId, approved } = request;
    if (!approved) {
      const project = await this.influencers.update(projectId, { approved: false }, { userId });
      if (!project) throw ServiceError.notFound('No such influencer project');
      await this.unpublish(projectId);
      return toInfluencerProject(project, userId);
    }
    const current = await this.owned(userId, projectId);
    if (current.moderation !== 'visible') throw heldByModeration(current);
    if (request.consent !== true) throw ServiceError.validation(PublishMessages.consent, { field: 'consent' });
    const name = request.name?.trim() ?? '';
    if (!name) throw ServiceError.validation(PublishMessages.noName, { field: 'name' });
    const project = await this.influencers.update(projectId, { approved: true, name, consentedAt: new Date() }, { userId });
    if (!project) throw ServiceError.notFound('No such influencer project');
    await this.publish(project);
    return toInfluencerProject(project, userId);
  }

  /** Public copies left by influencers made private (by the consent migration, or a withdrawal interrupted midway) go at start. */
  async onApplicationBootstrap(): Promise<void> {
    await this.withdrawUnpublished().catch((error: unknown) => this.logger.warn(`Could not check the community folder: ${String(error)}`));
  }

  /**
   * Removes `community/<id>/` of every project not published. The folder is listed before the
   * projects are read, and publishing marks the project before copying, so a publish running at
   * the same time is never undone.
   */
  async withdrawUnpublished(): Promise<number[]> {
    const listed = (await this.storage.list(COMMUNITY_ROOT)).map((object) => communityProjectIdOf(object.key));
    const ids = [...new Set(listed)].filter((id): id is number => id !== undefined && Number.isSafeInteger(id));
    const published = await this.influencers.publishedAmong(ids);
    const withdrawn = ids.filter((id) => !published.has(id));
    for (const id of withdrawn) await this.unpublish(id);
    return withdrawn;
  }

  async delete(userId: string, projectId: number): Promise<{ deleted: true }> {
    const project = await this.owned(userId, projectId);
    // A clip still being made is cancelled: nothing of it is stored, its credit comes back.
    if (project.jobId) await this.jobs.cancel(userId, project.jobId).catch(ignoreFinishedJob);
    await this.removeProject(project);
    return { deleted: true };
  }

  /** Every project of a user, with everything each stored and its public copies (account deletion). */
  async deleteAllOf(userId: string): Promise<void> {
    for (const project of await this.influencers.listOwned(userId)) await this.removeProject(project);
  }

  /** Deletes a project with everything it stored: its media, the landmarks found in them, its folder and its public copies. */
  private async removeProject(project: InfluencerProjectRecord): Promise<void> {
    await this.influencers.delete(project.id);
    const own = [project.imageKey, project.videoKey, project.thumbnailKey, lookKeyOfImage(project.imageKey)];
    await Promise.all(own.filter((key): key is string => !!key).map((key) => this.storage.remove(key)));
    // The mouth landmarks found in its picture and clip (each format's) go with them, and whatever else its folder holds.
    const landmarks = [project.imageKey, project.videoKey].filter((key): key is string => !!key).flatMap(allLandmarksKeysOf);
    await Promise.all(landmarks.map(async (key) => (await this.storage.stat(key)) && this.storage.remove(key)));
    await this.storage.removeFolder(influencerFolder(project.userId, project.id));
    await this.unpublish(project.id);
  }

  /** Copies an approved, visible project's clip, thumbnail, portrait and drawing to its public folder, once the clip exists. */
  async publish(project: InfluencerProjectRecord): Promise<void> {
    if (!project.approved || project.moderation !== 'visible' || !project.videoKey || !project.thumbnailKey) return;
    await this.storage.copy(project.videoKey, communityKey(project.id, 'video-v1.mp4'));
    await this.storage.copy(project.thumbnailKey, communityKey(project.id, 'thumbnail-v1.jpg'));
    await this.storage.copy(project.imageKey, communityImageKey(project.id, project.imageKey));
    if (project.look) await this.storage.put(communityKey(project.id, 'look.json'), Buffer.from(JSON.stringify(project.look)), 'application/json');
  }

  /** Removes the public folder whole: the copies, and the landmarks others' lip-syncs found in the public clip. */
  private async unpublish(projectId: number): Promise<void> {
    await this.storage.removeFolder(communityFolder(projectId));
  }

  private async owned(userId: string, projectId: number): Promise<InfluencerProjectRecord> {
    const project = await this.influencers.findOwned(userId, projectId);
    if (!project) throw ServiceError.notFound('No such influencer project');
    return project;
  }
}

/** Why its owner cannot publish an influencer that moderation holds, in the words they read on its card. */
function heldByModeration(project: InfluencerProjectRecord): ServiceError {
  const message =
    project.moderation === 'in_review'
      ? 'This influencer is under review: it can be published again once an operator restores it.'
      : `This influencer was removed by an operator: ${project.moderationReason ?? 'no reason given'}`;
  return new ServiceError(ErrorCode.Conflict, message);
}
