import { COMMUNITY_ROOT, USERS_ROOT } from '@lipcast/contracts';

export interface MediaCaching {
  /** The object's own `Cache-Control` (sent by the store through the link, or by the gateway streaming it). */
  object: string;
  /** The redirect's `Cache-Control`: never longer than its link stays valid. */
  redirect: string;
  /** How long links are issued for, and the window they are signed in (one URL per window, so caches hit). */
  link: { expirySeconds: number; windowSeconds: number };
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * How long each kind of medium may be kept. A user's own media are private; community copies are
 * public but kept only a minute, so unpublishing takes effect within one; actors and samples never
 * change under a key (new content gets a new `-vN` key), so they are kept a day.
 */
export function mediaCaching(key: string): MediaCaching {
  if (key.startsWith(USERS_ROOT)) {
    return { object: 'private, max-age=3600', redirect: 'private, max-age=600', link: { expirySeconds: HOUR, windowSeconds: 600 } };
  }
  if (key.startsWith(COMMUNITY_ROOT)) {
    return { object: 'public, max-age=60', redirect: 'public, max-age=60', link: { expirySeconds: DAY, windowSeconds: HOUR } };
  }
  return { object: 'public, max-age=86400', redirect: 'public, max-age=3600', link: { expirySeconds: 7 * DAY, windowSeconds: DAY } };
}
