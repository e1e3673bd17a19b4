import { Injectable } from '@nestjs/common';
import { PUBLIC_FOLDERS, userFolder } from '@lipcast/contracts';

/**
 * Who may read which media object. Owners read their own `users/<userId>/...` objects; approved
 * community influencers are public copies, so no per-request look-up is needed.
 */
@Injectable()
export class MediaAccessPolicy {
  canRead(key: string, userId: string | null): boolean {
    if (PUBLIC_FOLDERS.some((folder) => key.startsWith(folder))) return true;
    return userId !== null && key.startsWith(userFolder(userId));
  }
}
