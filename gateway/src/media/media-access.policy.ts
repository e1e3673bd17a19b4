import { Injectable } from '@nestjs/common';

/** Prefixes anyone may read: built-in actors and public samples (approved gallery items join later). */
const PUBLIC_PREFIXES = ['actors/', 'public/'];

/**
 * Who may read which media object. Owners read their own `users/<userId>/...` objects; the later
 * issues extend this hook (approved community influencers) rather than checking elsewhere.
 */
@Injectable()
export class MediaAccessPolicy {
  canRead(key: string, userId: string | null): boolean {
    if (PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) return true;
    return userId !== null && key.startsWith(`users/${userId}/`);
  }
}
