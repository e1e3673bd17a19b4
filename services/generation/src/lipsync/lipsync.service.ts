import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DEFAULT_VIDEO_FORMAT, mediaUrl, type JobState, type UserLipSyncRequest } from '@lipcast/contracts';
import type { LipSyncJobInput } from '../jobs/job-inputs';
import { JobSubmitter } from '../jobs/job-submitter';
import { MediaRefs } from '../media/media-refs';
import { ConsentsRepository } from '../own-actors/consents.repository';
import { ProjectsRepository } from '../projects/projects.repository';

/**
 * What makes two lip-sync requests of a user the same job: the video and the audio, the format and
 * the burned-in captions (each another video), and the take's seed. The wizard's re-send (after a
 * 202, or a time-out) repeats its seed and finds its job; "Generate Again" sends a new seed, a new
 * take. The first take (no seed, or 0) has the key every job had before takes existed.
 */
export function lipSyncDedupeKey(videoKey: string, audioKey: string, options: { format?: string; captions?: string; seed?: number }): string {
  const { format, captions, seed } = options;
  return createHash('sha256')
    .update(`lipsync\n${videoKey}\n${audioKey}${format ? `\n${format}` : ''}${captions ? `\ncaptions:${captions}` : ''}${seed ? `\nseed:${seed}` : ''}`)
    .digest('hex');
}

/**
 * Starts lip-sync jobs. The same request (same user, video, audio and take) is the
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
    const seed = request.seed || undefined; // 0 is the first take, as no seed
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
      ...(seed ? { seed } : {}),
    };
    return this.submitter.submit({
      userId: request.userId,
      kind: 'lipsync',
      // Another format, burned-in captions or another take is another video (the portrait card's first take has the key every earlier job has).
      dedupeKey: lipSyncDedupeKey(video.key, audio.key, { format, captions, seed }),
      input: { ...input },
      afterInsert: (job) => this.projects.linkToJob(request.userId, mediaUrl(audio.key), job.id, format),
    });
  }
}
