import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DEFAULT_VIDEO_FORMAT, mediaUrl, type JobState, type UserLipSyncRequest } from '@lipcast/contracts';
import type { LipSyncJobInput } from '../jobs/job-inputs';
import { JobSubmitter } from '../jobs/job-submitter';
import { MediaRefs } from '../media/media-refs';
import { ConsentsRepository } from '../own-actors/consents.repository';
import { ProjectsRepository } from '../projects/projects.repository';

/**
 * Starts lip-sync jobs. The same request (same user, video and audio) is the
 * same job while it runs or once it succeeded: never a second job, never a second charge.
 */
@Injectable()
export class LipSyncService {
  constructor(
    private readonly refs: MediaRefs,
    private readonly submitter: JobSubmitter,
    private readonly projects: ProjectsRepository,
    private readonly consents: ConsentsRepository,
  ) {}

  async start(request: UserLipSyncRequest): Promise<JobState> {
    const video = await this.refs.resolve(request.userId, request.video, 'video');
    const audio = await this.refs.resolve(request.userId, request.audio ?? request.audioUrl, 'audio');
    const format = request.format && request.format !== DEFAULT_VIDEO_FORMAT ? request.format : undefined;
    const captions = request.captions && request.captions !== 'none' ? request.captions : undefined;
    // The creator's own recording: the consent they gave for their voice when they uploaded it.
    const voiceConsent = await this.consents.findByMedia(request.userId, audio.key);
    const input: LipSyncJobInput = {
      videoKey: video.key,
      audioKey: audio.key,
      ...(video.actorId ? { actorId: video.actorId } : {}),
      ...(video.consentId ? { consentId: video.consentId } : {}),
      ...(voiceConsent ? { voiceConsentId: voiceConsent.id } : {}),
      ...(format ? { format } : {}),
      ...(captions ? { captions } : {}),
    };
    return this.submitter.submit({
      userId: request.userId,
      kind: 'lipsync',
      // Another format is another video (the portrait card's key is the one every earlier job has).
      // Burned-in captions are another video too.
      dedupeKey: createHash('sha256').update(`lipsync\n${video.key}\n${audio.key}${format ? `\n${format}` : ''}${captions ? `\ncaptions:${captions}` : ''}`).digest('hex'),
      input: { ...input },
      afterInsert: (job) => this.projects.linkToJob(request.userId, mediaUrl(audio.key), job.id, format),
    });
  }
}
