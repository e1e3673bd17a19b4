import { Injectable } from '@nestjs/common';
import { COMMUNITY_VIDEO_PATTERN, mediaKeyOf, OWN_ACTOR_CLIP_PATTERN, userFolder } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { actorIdOfKey } from '../actors/catalog';
import { InfluencersRepository } from '../influencers/influencers.repository';
import { OwnActorsRepository } from '../own-actors/own-actors.repository';

export interface MediaRef {
  key: string;
  /** Set when the media is a built-in actor's clip. */
  actorId?: string;
  /**
   * Set when the media is the user's own actor's clip, or the portrait or clip (own or gallery copy)
   * of an influencer made from an uploaded picture: the consent recorded for its face, which the video points to.
   */
  consentId?: string;
}

/**
 * Which media a user may feed into a generation: a built-in actor, or their own uploads and
 * results, or an approved community influencer's clip. Only our object store is ever read, never an
 * arbitrary URL. An influencer an operator removed is not used again, not even by its owner.
 */
@Injectable()
export class MediaRefs {
  constructor(
    private readonly storage: StorageService,
    private readonly influencers: InfluencersRepository,
    private readonly ownActors: OwnActorsRepository,
  ) {}

  async resolve(userId: string, url: string | undefined, field: string): Promise<MediaRef> {
    const refused = ServiceError.validation(`${field} must be a built-in actor, an approved community influencer's video or your own media`, { field });
    const key = url ? mediaKeyOf(url) : null;
    if (!key) throw url ? refused : ServiceError.validation(`${field} is required`, { field });
    const actorId = actorIdOfKey(key);
    // Approved community influencers are exactly the objects under community/ (copied on approval).
    if (!actorId && !key.startsWith(userFolder(userId)) && !COMMUNITY_VIDEO_PATTERN.test(key)) throw refused;
    if (!actorId && !COMMUNITY_VIDEO_PATTERN.test(key) && (await this.influencers.isRemovedMedia(userId, key))) {
      throw ServiceError.validation(`${field} was removed by an operator and cannot be used in new videos`, { field });
    }
    if (!(await this.storage.stat(key))) throw ServiceError.validation(`${field} was not found; generate or upload it again`, { field });
    if (actorId) return { key, actorId };
    if (OWN_ACTOR_CLIP_PATTERN.test(key)) {
      const ownActor = await this.ownActors.findByClip(key);
      if (ownActor) return { key, consentId: ownActor.consentId };
    }
    // An influencer made from an uploaded picture: its portrait, its clip or the gallery's copy points to the picture's consent.
    const consentId = (await this.influencers.findByMedia(userId, key))?.consentId;
    return consentId ? { key, consentId } : { key };
  }
}
