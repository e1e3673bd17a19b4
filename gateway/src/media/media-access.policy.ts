import { Injectable } from '@nestjs/common';

/** Prefixes anyone may read: built-in actors, public samples, and approved influencers (copied to community/ on approval). */
const PUBLIC_PREFIXES = ['actors/', 'public/', 'community/'];

/**
 * Who may read which media object. Owners read their own `users/<userId>/...` objects; approved
 * community influencers are public copies, so no per-request look-up is needed.
 */
@Injectable()
export class MediaAccessPolicy {
  canRead(key: string, userId: string | null): boolean {
    if (PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) return true;
    return userId !== null && key.startsWith(`users/${userId}/`);
  }
}
