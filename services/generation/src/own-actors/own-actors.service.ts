import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import {
  ACTOR_CLIP_TYPES, type ActorClipType, type CreateOwnActorRequest, mediaUrl, ACTOR_CLIP_DEFAULTS, OwnActorMessages,
  ownActorClipKey, ownActorFolder, ownActorThumbnailKey, type OwnActor, type OwnActorListReply,
} from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { checkMediaInput, runFfmpeg, type InputSize } from '@lipcast/media-tools';
import { refusalOf } from '../media/face-checks';
import { UploadChecks } from '../media/upload-checks';
import { FaceCheckPort } from '../ports/face-check.port';
import { ProviderError } from '../ports/media';
import { withWorkDir } from '../providers/work';
import { GenerationSettings } from '../settings';
import { toConsentRecord } from './consents.repository';
import { OwnActorPreparation } from './own-actor-preparation';
import { OwnActorsRepository, type OwnActorWithConsent } from './own-actors.repository';

const CLIP_FIELD = 'clip';
const THUMBNAIL_HEIGHT = 360;

/**
 * A creator's own actors: a clip they uploaded becomes one once it passes the face check (one face,
 * large and frontal enough, moving: not a still re-encoded), its length and size fit, and the consent
 * they gave is recorded with it. Nothing is charged; a refused clip is not kept. A kept clip is then
 * prepared for the lip-sync in the background (`OwnActorPreparation`).
 */
@Injectable()
export class OwnActorsService {
  constructor(
    private readonly actors: OwnActorsRepository,
    private readonly storage: StorageService,
    private readonly uploads: UploadChecks,
    private readonly faces: FaceCheckPort,
    private readonly settings: GenerationSettings,
    private readonly preparation: OwnActorPreparation,
  ) {}

  async create(request: CreateOwnActorRequest): Promise<OwnActor> {
    const rules = { field: CLIP_FIELD, consent: OwnActorMessages.consent, missing: OwnActorMessages.noClip, wrongType: OwnActorMessages.clipType, accepts: (type: string) => type in ACTOR_CLIP_TYPES };
    return this.uploads.takeConsented(request, rules, ({ contentType }) => {
      const name = request.name.trim();
      if (!name) throw ServiceError.validation(OwnActorMessages.noName, { field: 'name' });
      return this.keep({ userId: request.userId, key: request.key, name, extension: ACTOR_CLIP_TYPES[contentType as ActorClipType], contentType });
    });
  }

  /** Checks the clip on local disk, then stores it with its still as a new actor and records the consent. */
  private keep(clip: { userId: string; key: string; name: string; extension: string; contentType: string }): Promise<OwnActor> {
    return withWorkDir({}, async (context) => {
      const localPath = join(context.workDir, `clip.${clip.extension}`);
      await this.storage.download(clip.key, localPath);
      const asRefusal = (error: unknown) => {
        throw error instanceof ProviderError && error.kind === 'invalid-input' ? ServiceError.validation(error.message, { field: CLIP_FIELD }) : error;
      };
      // Length and size first: they take a probe, the face check a model over sampled frames.
      const sizeRefusal = this.sizeRefusal(await checkMediaInput(localPath, context.signal).catch(asRefusal));
      if (sizeRefusal) throw ServiceError.validation(sizeRefusal, { field: CLIP_FIELD });
      const analysis = await this.faces.analyse({ url: mediaUrl(clip.key), localPath, key: clip.key, contentType: clip.contentType }, context).catch(asRefusal);
      const refusal = refusalOf(analysis);
      if (refusal) throw ServiceError.validation(refusal.message, { field: CLIP_FIELD, faceCheck: refusal.reason });
      const id = randomUUID();
      const thumbnailPath = join(context.workDir, 'thumbnail.jpg');
      await runFfmpeg(['-i', localPath, '-frames:v', '1', '-vf', `scale=-2:${THUMBNAIL_HEIGHT}`, '-q:v', '3', thumbnailPath], { signal: context.signal });
      const [clipKey, thumbnailKey] = [ownActorClipKey(clip.userId, id, clip.extension), ownActorThumbnailKey(clip.userId, id)];
      try {
        await this.storage.putFile(clipKey, localPath, clip.contentType);
        await this.storage.putFile(thumbnailKey, thumbnailPath, 'image/jpeg');
        const actor = await this.actors.create({ id, userId: clip.userId, name: clip.name, clipKey, thumbnailKey, durationSeconds: analysis.durationSeconds, width: analysis.width, height: analysis.height });
        this.preparation.start({ userId: clip.userId, actorId: id, clipKey });
        return toOwnActor(actor);
      } catch (error) {
        await this.storage.removeFolder(ownActorFolder(clip.userId, id)).catch(() => undefined);
        throw error;
      }
    });
  }

  /** An own actor's limits beyond the face check's: its length (`ACTOR_CLIP_*_SECONDS`) and at most 1080p; the refusal's message, or null. */
  private sizeRefusal({ durationSeconds, width, height }: InputSize): string | null {
    const { ACTOR_CLIP_MIN_SECONDS: minimum, ACTOR_CLIP_MAX_SECONDS: maximum } = this.settings;
    if (durationSeconds < minimum) return OwnActorMessages.tooShort(durationSeconds, minimum);
    if (durationSeconds > maximum) return OwnActorMessages.tooLong(durationSeconds, maximum);
    if (Math.max(width, height) > ACTOR_CLIP_DEFAULTS.maxLongSide || Math.min(width, height) > ACTOR_CLIP_DEFAULTS.maxShortSide) return OwnActorMessages.tooBig(width, height);
    return null;
  }

  async list(userId: string): Promise<OwnActorListReply> {
    const actors = (await this.actors.listOf(userId)).map(toOwnActor);
    return { actors, limits: { minSeconds: this.settings.ACTOR_CLIP_MIN_SECONDS, maxSeconds: this.settings.ACTOR_CLIP_MAX_SECONDS } };
  }

  /** Removes the actor and its clip; the videos made from it and the consent they point to stay. */
  async delete(userId: string, actorId: string): Promise<{ deleted: true }> {
    if (!(await this.actors.delete(userId, actorId))) throw ServiceError.notFound(OwnActorMessages.notFound);
    await this.storage.removeFolder(ownActorFolder(userId, actorId));
    return { deleted: true };
  }
}

export function toOwnActor(actor: OwnActorWithConsent): OwnActor {
  return {
    id: actor.id,
    name: actor.name,
    url: mediaUrl(actor.clipKey),
    thumbnail: mediaUrl(actor.thumbnailKey),
    durationSeconds: actor.durationSeconds,
    width: actor.width,
    height: actor.height,
    createdAt: actor.createdAt.toISOString(),
    consent: toConsentRecord(actor.consent),
  };
}
