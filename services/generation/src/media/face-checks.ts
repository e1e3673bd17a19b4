import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { CLIP_LIMITS } from '@lipcast/media-tools';
import type { FaceAnalysis } from '@lipcast/media-engine';
import { communityProjectIdOf, FaceCheckMessages, lookKeyBeside, UPLOAD_KEY_PATTERN, type CheckedMedia, type FaceCheckAnswer, type FaceCheckReason } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { FaceCheckPort } from '../ports/face-check.port';
import { ProviderError } from '../ports/media';
import { withWorkDir } from '../providers/work';

/** Analyses kept in memory (media never change under their key): a media is analysed once per process. */
const CACHED_ANALYSES = 500;

/**
 * The check before charging (README "Check before charging"): before a job's credit is reserved, the
 * photo or real person's clip it animates must show exactly one face, large and frontal enough, and a
 * clip must fit CLIP_LIMITS. Refused with a VALIDATION error (`details: { field, faceCheck }`), so
 * nothing is reserved. Checked: uploads and what was made from them (an uploaded picture's project
 * and its clips, also in the gallery). Known-good, not checked: built-in actors, the engine's drawn
 * portraits and their clips, what the image and video providers made from a portrait prompt, and
 * a creator's own actors (checked once, when uploaded: own-actors.service.ts).
 */
@Injectable()
export class FaceChecks {
  private readonly logger = new Logger(FaceChecks.name);
  private readonly analyses = new Map<string, Promise<FaceAnalysis>>();

  constructor(
    private readonly faces: FaceCheckPort,
    private readonly storage: StorageService,
    private readonly influencers: InfluencersRepository,
  ) {}

  /** Throws the refusal for a lip-sync of a real person's clip that would fail (a built-in actor's or a drawn one is not checked). */
  async checkClip(videoKey: string, actorId: string | undefined): Promise<void> {
    if (!actorId && (await this.isRealPerson(videoKey))) await this.check(videoKey, 'video');
  }

  /** A picture or clip that came from outside: an upload, or an uploaded picture's project clip (own or its gallery copy). */
  private async isRealPerson(videoKey: string): Promise<boolean> {
    const lookKey = lookKeyBeside(videoKey);
    if (lookKey && (await this.storage.stat(lookKey))) return false; // the engine drew it
    if (UPLOAD_KEY_PATTERN.test(videoKey)) return true;
    const communityId = communityProjectIdOf(videoKey);
    const project = communityId !== undefined ? await this.influencers.find(communityId) : await this.influencers.findByVideo(videoKey);
    return project?.imageKind === 'upload';
  }

  /** Refuses `key` (the request's `field`) unless its analysis passes. */
  async check(key: string, field: 'image' | 'video'): Promise<void> {
    const refusal = await this.refusalFor(key, field, this.analysis(key));
    if (refusal) throw ServiceError.validation(refusal.message, { field, faceCheck: refusal.reason });
  }

  /**
   * `generation.faces.check.v1`: the Creator's check of a picture as soon as it is chosen. The
   * gateway holds it only for this check (under a new key each time), so its analysis is not kept.
   */
  async checkPicture(key: string): Promise<FaceCheckAnswer> {
    const refusal = await this.refusalFor(key, 'image', this.analyse(key));
    // A picture is never refused for not moving (the reason is a clip's).
    return refusal && refusal.reason !== 'still-video' ? { ok: false, reason: refusal.reason, message: refusal.message } : { ok: true };
  }

  /** The analysis's refusal, or null when it passes or the check could not run (not the media's fault: the job may go, and a failed run releases its credit). */
  private async refusalFor(key: string, field: 'image' | 'video', analysis: Promise<FaceAnalysis>): Promise<{ reason: FaceCheckReason; message: string } | null> {
    try {
      return refusalOf(await analysis);
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'invalid-input') throw ServiceError.validation(error.message, { field });
      this.logger.warn(`Face check of ${key} could not run: ${String(error)}`);
      return null;
    }
  }

  /** The analysis of a stored media, made once (a failed one is tried again next time). */
  analysis(key: string): Promise<FaceAnalysis> {
    const known = this.analyses.get(key);
    if (known) return known;
    const made = this.analyse(key);
    this.analyses.set(key, made);
    made.catch(() => this.analyses.delete(key));
    if (this.analyses.size > CACHED_ANALYSES) this.analyses.delete(this.analyses.keys().next().value!);
    return made;
  }

  private analyse(key: string): Promise<FaceAnalysis> {
    return withWorkDir({}, async (context) => {
      const localPath = join(context.workDir, 'media');
      await this.storage.download(key, localPath);
      const contentType = (await this.storage.stat(key))?.contentType ?? 'application/octet-stream';
      return this.faces.analyse({ url: await this.storage.presignedUrl(key), localPath, contentType, key }, context);
    });
  }
}

/** The user's message for an analysis that fails the check, or null when it passes. */
export function refusalOf(analysis: FaceAnalysis): { reason: FaceCheckReason; message: string } | null {
  const media: CheckedMedia = analysis.isImage ? 'photo' : 'video';
  if (analysis.timing === 'clip-too-short') return { reason: analysis.timing, message: FaceCheckMessages['clip-too-short'](analysis.durationSeconds, CLIP_LIMITS.minDurationSeconds) };
  if (analysis.timing === 'clip-too-long') return { reason: analysis.timing, message: FaceCheckMessages['clip-too-long'](analysis.durationSeconds, CLIP_LIMITS.maxDurationSeconds) };
  if (analysis.timing === 'frame-rate') return { reason: analysis.timing, message: FaceCheckMessages['frame-rate'](analysis.fps, CLIP_LIMITS.minFps, CLIP_LIMITS.maxFps) };
  if (analysis.verdict === 'ok') return null;
  return { reason: analysis.verdict, message: FaceCheckMessages[analysis.verdict](media) };
}
