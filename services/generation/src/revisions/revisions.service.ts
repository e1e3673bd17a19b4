import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  changedSentence, ErrorCode, jobOutputKey, mediaUrl, RevisionMessages, type AudioParams, type CreatedRevision, type CreateRevisionRequest,
  type ListRevisionsRequest, type VideoRevision, type VideoRevisions, type VideoVersion,
} from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { ProjectsRepository } from '../projects/projects.repository';
import { JobSubmitter } from '../jobs/job-submitter';
import { JobsRepository } from '../jobs/jobs.repository';
import type { Job } from '../jobs/job.entity';
import { VideosRepository } from '../videos/videos.repository';
import { GenerationSettings } from '../settings';
import { RevisionsRepository, type RevisionRow } from './revisions.repository';

const LIVE = new Set(['queued', 'running', 'waiting']);

/** A video as a fix sees it: the job of the version named, the video's first job, and its fixes (oldest first). */
interface FixedVideo {
  job: Job<'lipsync'>;
  rootJobId: string;
  fixes: RevisionRow[];
}

/**
 * "Fix one sentence" (issue 36, item 5): a finished spoken video, from the wizard or the public API,
 * gets a new version whose script differs in one sentence; only that sentence is spoken and
 * lip-synced again (`RevisionRender`, in a lip-sync job of its own). A video's first
 * REVISION_FREE_FIXES fixes are free (their job reserves no credit); each later one costs
 * REVISION_COST_GENERATIONS. Every version stays downloadable.
 */
@Injectable()
export class RevisionsService {
  constructor(
    private readonly revisions: RevisionsRepository,
    private readonly jobs: JobsRepository,
    private readonly videos: VideosRepository,
    private readonly projects: ProjectsRepository,
    private readonly submitter: JobSubmitter,
    private readonly settings: GenerationSettings,
  ) {}

  async create(request: CreateRevisionRequest): Promise<CreatedRevision> {
    const { userId } = request;
    const video = await this.videoOf(userId, request);
    const speech = await this.speechOf(video.job);
    const refused = refusalOf(video, speech);
    if (refused || !speech) throw new ServiceError(ErrorCode.Conflict, refused ?? RevisionMessages.recordedVoice);
    const change = changedSentence(speech.text, request.script);
    if ('refused' in change) throw ServiceError.validation(change.refused, { field: 'script' });
    const { job, rootJobId, fixes } = video;
    if (fixes.some((fix) => LIVE.has(fix.status))) throw new ServiceError(ErrorCode.Conflict, RevisionMessages.underWay);
    const used = fixes.filter((fix) => fix.status === 'succeeded').length;
    const free = used < this.settings.REVISION_FREE_FIXES || this.settings.REVISION_COST_GENERATIONS === 0;
    const version = 2 + used;
    const id = randomUUID();
    const state = await this.submitter.submit({
      id,
      userId,
      kind: 'lipsync',
      dedupeKey: `revision:${job.id}:${createHash('sha256').update(request.script).digest('hex').slice(0, 32)}`,
      free,
      input: {
        videoKey: job.input.videoKey,
        audioKey: jobOutputKey(userId, id, 'audio.mp3'),
        ...(job.input.actorId ? { actorId: job.input.actorId } : {}),
        ...(job.input.format ? { format: job.input.format } : {}),
        ...(job.input.captions ? { captions: job.input.captions } : {}),
        ...(job.input.consentId ? { consentId: job.input.consentId } : {}),
        // A fix of a take moves as that take did, so its new sentence matches the frames around it.
        ...(job.input.seed ? { seed: job.input.seed } : {}),
        revision: {
          rootJobId,
          fromJobId: job.id,
          fromScript: speech.text,
          fromVideoKey: job.result!.key!,
          fromAudioKey: job.input.audioKey,
          version,
          sentence: change,
          speech: { ...speech, text: request.script },
        },
      },
      afterInsert: (inserted) =>
        this.revisions.insert({
          jobId: inserted.id,
          userId,
          rootJobId,
          fromJobId: job.id,
          version,
          sentenceIndex: change.index,
          before: change.before,
          after: change.after,
          script: request.script,
          charged: !free,
        }),
    });
    const revision = (await this.revisions.listOf(userId, rootJobId)).find((fix) => fix.jobId === state.id);
    if (!revision) throw new ServiceError(ErrorCode.Conflict, RevisionMessages.underWay);
    return { revision: toRevision(revision), job: state, freeFixesLeft: this.freeFixesLeft(used + (free ? 1 : 0)) };
  }

  /** A video's versions (each downloadable) and fixes, and whether (and for how much) it can be fixed now. */
  async list(request: ListRevisionsRequest): Promise<VideoRevisions> {
    const { userId } = request;
    const video = await this.videoOf(userId, request);
    const { job, rootJobId, fixes } = video;
    const root = rootJobId === job.id ? job : await this.jobs.findOwned(userId, rootJobId);
    const succeeded = fixes.filter((fix) => fix.status === 'succeeded');
    const versions: VideoVersion[] = [
      ...(root?.status === 'succeeded' && root.result?.key ? [{ version: 1, url: mediaUrl(root.result.key), createdAt: root.createdAt.toISOString(), current: false }] : []),
      ...succeeded.filter((fix) => fix.result?.key).map((fix) => ({ version: fix.version, url: mediaUrl(fix.result!.key!), createdAt: fix.createdAt.toISOString(), current: false })),
    ];
    if (versions.length) versions[versions.length - 1].current = true;
    const speech = await this.speechOf(job);
    const notEditable = refusalOf(video, speech);
    const script = succeeded.at(-1)?.script ?? speech?.text ?? null;
    return { script, versions, revisions: fixes.map(toRevision), freeFixesLeft: this.freeFixesLeft(succeeded.length), ...(notEditable ? { notEditable } : {}) };
  }

  private freeFixesLeft(used: number): number {
    return this.settings.REVISION_COST_GENERATIONS === 0 ? this.settings.REVISION_FREE_FIXES : Math.max(0, this.settings.REVISION_FREE_FIXES - used);
  }

  /** The video whose version `request` names, with its fixes. */
  private async videoOf(userId: string, request: { jobId?: string; videoId?: string }): Promise<FixedVideo> {
    const job = await this.jobOf(userId, request);
    const rootJobId = request.videoId ?? job.input.revision?.rootJobId ?? job.id;
    return { job, rootJobId, fixes: await this.revisions.listOf(userId, rootJobId) };
  }

  /** The job that made the version named: a public API video's current job, or the job itself (the wizard's). */
  private async jobOf(userId: string, { jobId, videoId }: { jobId?: string; videoId?: string }): Promise<Job<'lipsync'>> {
    const id = videoId ? (await this.videos.find(userId, videoId))?.currentJobId : jobId;
    const job = id ? await this.jobs.findOwned(userId, id) : null;
    if (!job) throw ServiceError.notFound(videoId ? 'No such video' : 'No such job');
    if (job.kind !== 'lipsync') throw new ServiceError(ErrorCode.Conflict, RevisionMessages.notSpoken);
    return job;
  }

  /** What a version says and in which voice: typed speech only (a recorded voice has no voice to speak a new sentence in). */
  private async speechOf(job: Job<'lipsync'>): Promise<AudioParams | undefined> {
    const params = job.input.revision?.speech ?? job.input.speech ?? ((await this.projects.findByJob(job.userId, job.id))?.audioParams as AudioParams | null | undefined);
    return params?.voice_id && params.text ? params : undefined;
  }
}

/** Why no fix may start from the version named (not finished, or a newer version exists); undefined when one may (given typed speech). */
function refusalOf({ job, fixes }: FixedVideo, speech: AudioParams | undefined): string | undefined {
  if (job.status !== 'succeeded' || !job.result?.key) return RevisionMessages.notFinished;
  if (fixes.some((fix) => fix.status === 'succeeded' && fix.version > (job.input.revision?.version ?? 1))) return RevisionMessages.notLatest;
  return speech ? undefined : RevisionMessages.recordedVoice;
}

function toRevision(row: RevisionRow): VideoRevision {
  return {
    id: row.jobId,
    version: row.version,
    status: row.status === 'waiting' ? 'running' : row.status,
    progress: Math.round(row.progress) / 100,
    sentence: { index: row.sentenceIndex, before: row.before, after: row.after },
    charged: row.charged,
    url: row.status === 'succeeded' && row.result?.key ? mediaUrl(row.result.key) : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}
