import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  actorClipKey, audioKey, communityKey, ownActorIdOf, UNKNOWN_ACTOR_MESSAGE, DEFAULT_VIDEO_FORMAT, ErrorCode, isVideoFormatId, jobFolder, mediaUrl, VIDEO_LIST_DEFAULT_LIMIT, type AudioParams, type CanceledVideo, type Video,
  type VideoList, type VideoSpec,
} from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import type { CreateVideoDto } from '@lipcast/nest-kit/requests';
import { builtInActor } from '@lipcast/media-engine';
import { AudioService } from '../audio/audio.service';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { JOB_CANCELED_MESSAGE } from '../jobs/job-completions';
import { JobEta } from '../jobs/job-eta';
import type { JobInputs } from '../jobs/job-inputs';
import { JobSubmitter } from '../jobs/job-submitter';
import { JobsRepository } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import { MediaRefs } from '../media/media-refs';
import { OwnActorsRepository } from '../own-actors/own-actors.repository';
import { requestHash } from './request-hash';
import { decodeListCursor, pageOf } from '../pagination/list-cursor';
import { VideoSpeech } from '../lipsync/video-speech';
import { RevisionsRepository } from '../revisions/revisions.repository';
import { VideosRepository, type VideoState } from './videos.repository';
import { captionFilesOf, lipSyncOf, posterUrlOf } from '../jobs/job-result';
import { GenerationSettings } from '../settings';
import { refuseUnreachableWebhookUrl } from '../webhooks/webhook-address';

/** How long a create waits for a concurrent create with the same key to say which video it made. */
const KEY_WAIT_MS = 30_000;
const KEY_POLL_MS = 100;

const LIVE = new Set(['queued', 'running', 'waiting']);

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** What a create will start: the clip to lip-sync, the speech to make, what the video shows. */
interface VideoPlan {
  videoKey: string;
  /** A built-in actor (the engine draws it). */
  actorId?: string;
  /** The caller's own actor, as the API names it (`own:<id>`), and the consent its face was uploaded under. */
  ownActor?: { ref: string; consentId: string };
  influencerId?: number;
  speech: AudioParams;
}

/** The request as validated, nulls as absent: what its idempotency key remembers (hashed) and what starts the video. */
export function videoSpecOf(request: CreateVideoDto): VideoSpec {
  return {
    actor: request.actor ?? undefined,
    influencer: request.influencer ?? undefined,
    script: request.script,
    voice: request.voice,
    emotion: request.emotion ?? undefined,
    speed: request.speed ?? undefined,
    pitch: request.pitch ?? undefined,
    webhookUrl: request.webhookUrl ?? undefined,
    metadata: request.metadata ?? undefined,
    // The default format named or not is the same request (and the same idempotency hash as before formats existed).
    format: request.format && request.format !== DEFAULT_VIDEO_FORMAT ? request.format : undefined,
    // Captions not burned in are the default: named or not, the same request.
    captions: request.captions && request.captions !== 'none' ? request.captions : undefined,
    // The first take (0) named or not is the same request; another seed is another request (a key re-sent with it answers its video).
    seed: request.seed || undefined,
  };
}

export function toVideo(row: VideoState): Video {
  const succeeded = row.status === 'succeeded';
  const error =
    row.status === 'failed'
      ? { code: 'generation_failed' as const, message: row.error ?? 'The generation failed.' }
      : row.status === 'canceled'
        ? { code: 'canceled' as const, message: row.error ?? JOB_CANCELED_MESSAGE }
        : null;
  const duration = row.result?.durationSeconds;
  const posterUrl = succeeded ? posterUrlOf(row.result) : undefined;
  const lipSync = succeeded ? lipSyncOf(row.result) : undefined;
  return {
    id: row.id,
    status: row.status === 'waiting' ? 'running' : row.status,
    progress: Math.round(row.progress) / 100,
    url: succeeded && row.result?.key ? mediaUrl(row.result.key) : null,
    captionsUrl: (succeeded && captionFilesOf(row.result)?.vttUrl) || null,
    ...(posterUrl ? { posterUrl } : {}),
    ...(lipSync ? { lipSync } : {}),
    durationSeconds: succeeded && typeof duration === 'number' ? Math.round(duration * 100) / 100 : null,
    error,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId,
    influencer: row.influencerId,
    metadata: row.metadata,
    webhookUrl: row.webhookUrl,
    format: isVideoFormatId(row.format) ? row.format : DEFAULT_VIDEO_FORMAT,
  };
}

/**
 * The public API's videos: each is one lip-sync job that speaks its script first (one generation,
 * reserved when it starts: `PAYMENT_REQUIRED` from the ledger as is), listed and answered from the
 * `video` row joined with its job. An `Idempotency-Key` makes a create happen once: the first create
 * claims the key (a unique row), concurrent ones wait for the video it made, a different body is
 * `IDEMPOTENCY_MISMATCH` (HTTP 422).
 */
@Injectable()
export class VideosService {
  constructor(
    private readonly videos: VideosRepository,
    private readonly submitter: JobSubmitter,
    private readonly jobs: JobsService,
    private readonly audio: AudioService,
    private readonly speech: VideoSpeech,
    private readonly refs: MediaRefs,
    private readonly influencers: InfluencersRepository,
    private readonly ownActors: OwnActorsRepository,
    private readonly storage: StorageService,
    private readonly eta: JobEta,
    private readonly settings: GenerationSettings,
    private readonly revisions: RevisionsRepository,
    private readonly jobsRepository: JobsRepository,
  ) {}

  async create(request: CreateVideoDto): Promise<Video> {
    const { userId, idempotencyKey } = request;
    const spec = videoSpecOf(request);
    // Checked as an endpoint's registration is, before anything is claimed or charged; the senders check again.
    if (spec.webhookUrl) await refuseUnreachableWebhookUrl(spec.webhookUrl, 'webhook_url', this.settings.WEBHOOK_ALLOW_LOOPBACK === 'true');
    const plan = await this.plan(userId, spec);
    if (!idempotencyKey) return this.start(userId, spec, plan);
    return this.createOnce(userId, idempotencyKey, requestHash(spec), (videoId) => this.start(userId, spec, plan, videoId));
  }

  async get(userId: string, videoId: string): Promise<Video> {
    const row = await this.videos.read(userId, videoId);
    if (!row) throw ServiceError.notFound('No such video');
    const video = toVideo(row);
    // A live video's place in the queue and its time left (its job's, as the app shows them).
    return video.status === 'queued' || video.status === 'running' ? { ...video, ...(await this.eta.waitOf(row.currentJobId)) } : video;
  }

  async list(userId: string, cursor: string | undefined, limit = VIDEO_LIST_DEFAULT_LIMIT): Promise<VideoList> {
    const after = cursor ? decodeListCursor(cursor) : undefined;
    const page = pageOf(await this.videos.list(userId, limit + 1, after), limit);
    return { videos: page.items.map(toVideo), nextCursor: page.nextCursor };
  }

  /**
   * A queued or running video is canceled as the app cancels a job (its worker told, its files
   * deleted, its credit released) and stays listed as canceled; a finished one (succeeded, failed,
   * canceled) is deleted: its video, its speech and its row (its job row stays, as the app's history
   * delete keeps it).
   */
  async cancel(userId: string, videoId: string): Promise<CanceledVideo> {
    const row = await this.videos.find(userId, videoId);
    if (!row) throw ServiceError.notFound('No such video');
    if (LIVE.has(row.status)) {
      const canceled = await this.jobs.cancel(userId, row.currentJobId).catch((error: unknown) => {
        if (error instanceof ServiceError && error.payload.code === ErrorCode.Conflict) return null; // it succeeded meanwhile: deleted below
        throw error;
      });
      if (canceled?.status === 'canceled') {
        // A running job's worker removes its speech as it stops; no worker holds a queued or parked one.
        if (row.status !== 'running') await this.speech.remove(row.input.audioKey);
        return { id: videoId, outcome: 'canceled', video: await this.get(userId, videoId) };
      }
    }
    await this.storage.removeFolder(jobFolder(userId, row.currentJobId));
    // An operator's retry made its file in the new job's folder; the first job's may hold what it left.
    if (row.currentJobId !== videoId) await this.storage.removeFolder(jobFolder(userId, videoId));
    // Its versions go with it: each fix's folder (its video and speech), and the first version's speech.
    for (const jobId of await this.revisions.deleteOf(videoId)) await this.storage.removeFolder(jobFolder(userId, jobId));
    const first = row.input.revision ? await this.jobsRepository.find(videoId) : null;
    if (first?.kind === 'lipsync') await this.speech.remove(first.input.audioKey);
    await this.speech.remove(row.input.audioKey);
    await this.videos.delete(videoId);
    return { id: videoId, outcome: 'deleted', video: null };
  }

  /**
   * The create that claims the key starts the video (and records it on the key before queueing it);
   * a concurrent one finds the key taken and answers the video the claim made. A create that failed
   * (402, a refused clip) lets its claim go, so a waiting one tries itself.
   */
  private async createOnce(userId: string, key: string, hash: string, start: (settleKey: (videoId: string) => Promise<void>) => Promise<Video>): Promise<Video> {
    for (const deadline = Date.now() + KEY_WAIT_MS; ; await new Promise((resolve) => setTimeout(resolve, KEY_POLL_MS))) {
      if (await this.videos.claimKey(userId, key, hash)) {
        try {
          return await start((videoId) => this.videos.settleKey(userId, key, videoId));
        } catch (error) {
          await this.videos.releaseKey(userId, key);
          throw error;
        }
      }
      const claim = await this.videos.findKey(userId, key);
      if (claim && claim.requestHash !== hash) throw new ServiceError(ErrorCode.IdempotencyMismatch, 'This Idempotency-Key was used with a different request body.');
      if (claim?.videoId) return this.get(userId, claim.videoId);
      if (Date.now() > deadline) throw new ServiceError(ErrorCode.Conflict, 'A request with this Idempotency-Key is still being processed; try again shortly.');
    }
  }

  /** One video: a lip-sync job that speaks first; its row is written (and its key settled) before the job is queued. */
  private async start(userId: string, spec: VideoSpec, plan: VideoPlan, settleKey?: (videoId: string) => Promise<void>): Promise<Video> {
    const spokenKey = audioKey(userId);
    const input: JobInputs['lipsync'] = {
      videoKey: plan.videoKey,
      audioKey: spokenKey,
      ...(plan.actorId ? { actorId: plan.actorId } : {}),
      ...(plan.ownActor ? { consentId: plan.ownActor.consentId } : {}),
      speech: plan.speech,
      ...(spec.webhookUrl ? { webhookUrl: spec.webhookUrl } : {}),
      ...(spec.captions && spec.captions !== 'none' ? { captions: spec.captions } : {}),
      ...(spec.format ? { format: spec.format } : {}),
      ...(spec.seed ? { seed: spec.seed } : {}),
    };
    const state = await this.submitter.submit({
      userId,
      kind: 'lipsync',
      // Each video is its own job (its speech is new); the key only keeps the unique index's promise.
      dedupeKey: createHash('sha256').update(`video\n${spokenKey}`).digest('hex'),
      input,
      afterInsert: async (job) => {
        await this.videos.insert({
          id: job.id,
          userId,
          actorId: plan.actorId ?? plan.ownActor?.ref ?? null,
          influencerId: plan.influencerId ?? null,
          metadata: spec.metadata ?? null,
          webhookUrl: spec.webhookUrl ?? null,
          format: spec.format ?? null,
        });
        await settleKey?.(job.id);
      },
    });
    return this.get(userId, state.id);
  }

  /** Checks what only the service can (one of actor and influencer, the voice) and finds the clip: nothing is reserved yet. */
  private async plan(userId: string, spec: VideoSpec): Promise<VideoPlan> {
    if ((spec.actor === undefined) === (spec.influencer === undefined)) throw ServiceError.validation('Give either actor or influencer', { field: 'actor' });
    const speech = await this.audio.userParamsOf(userId, { text: spec.script, voice_id: spec.voice, emotion: spec.emotion, speed: spec.speed, pitch: spec.pitch });
    const ownActorId = spec.actor === undefined ? undefined : ownActorIdOf(spec.actor);
    if (ownActorId !== undefined) {
      const ownActor = isUuid(ownActorId) ? await this.ownActors.findOf(userId, ownActorId) : undefined;
      if (!ownActor) throw ServiceError.validation(UNKNOWN_ACTOR_MESSAGE, { field: 'actor' });
      const ref = await this.refs.resolve(userId, mediaUrl(ownActor.clipKey), 'actor');
      return { videoKey: ref.key, ownActor: { ref: spec.actor!, consentId: ownActor.consentId }, speech };
    }
    if (spec.actor !== undefined) {
      if (!builtInActor(spec.actor)) throw ServiceError.validation(UNKNOWN_ACTOR_MESSAGE, { field: 'actor' });
      const ref = await this.refs.resolve(userId, mediaUrl(actorClipKey(spec.actor)), 'actor');
      return { videoKey: ref.key, actorId: spec.actor, speech };
    }
    const influencerId = spec.influencer!;
    const videoKey = await this.influencerClip(userId, influencerId);
    const ref = await this.refs.resolve(userId, mediaUrl(videoKey), 'influencer');
    return { videoKey: ref.key, influencerId, speech };
  }

  /** The caller's own influencer's clip, or the public copy of one in the gallery (published and visible to moderation). */
  private async influencerClip(userId: string, influencerId: number): Promise<string> {
    const missing = ServiceError.validation('influencer must be one of your influencers with a clip, or a published one', { field: 'influencer' });
    const own = await this.influencers.findOwned(userId, influencerId);
    if (own) {
      if (!own.videoKey) throw missing;
      return own.videoKey;
    }
    const published = await this.influencers.find(influencerId);
    if (!published?.approved || published.moderation !== 'visible' || !published.videoKey) throw missing;
    return communityKey(influencerId, 'video-v1.mp4');
  }
}
