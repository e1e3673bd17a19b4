import { Injectable } from '@nestjs/common';
import { isValidKey, ServiceError, StorageService } from '@lipcast/nest-kit';
import { actorIdOfKey } from '../actors/catalog';

const MEDIA_ROUTE = '/api/media/';

/** The object key a media URL of ours points at (`/api/media/<key>`, with or without an origin), or null. */
export function mediaKeyOf(url: string): string | null {
  // Dot segments are refused before parsing: the URL parser would resolve them into another key.
  if (/(^|\/)\.\.?(\/|$)|%2e/i.test(url)) return null;
  let path: string;
  try {
    path = new URL(url, 'http://lipcast.invalid').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(MEDIA_ROUTE)) return null;
  const key = decodeURIComponent(path.slice(MEDIA_ROUTE.length));
  return isValidKey(key) ? key : null;
}

export interface MediaRef {
  key: string;
  /** Set when the media is a built-in actor's clip. */
  actorId?: string;
}

/**
 * Which media a user may feed into a generation: a built-in actor, or their own uploads and
 * results, or an approved community influencer's clip. Only our object store is ever read, never an
 * arbitrary URL.
 */
@Injectable()
export class MediaRefs {
  constructor(private readonly storage: StorageService) {}

  async resolve(userId: string, url: string | undefined, field: string): Promise<MediaRef> {
    const refused = ServiceError.validation(`${field} must be a built-in actor, an approved community influencer's video or your own media`, { field });
    const key = url ? mediaKeyOf(url) : null;
    if (!key) throw url ? refused : ServiceError.validation(`${field} is required`, { field });
    const actorId = actorIdOfKey(key);
    // Approved community influencers are exactly the objects under community/ (copied on approval).
    if (!actorId && !key.startsWith(`users/${userId}/`) && !/^community\/\d+\/video-v\d+\.mp4$/.test(key)) throw refused;
    if (!(await this.storage.stat(key))) throw ServiceError.validation(`${field} was not found; generate or upload it again`, { field });
    return actorId ? { key, actorId } : { key };
  }
}
