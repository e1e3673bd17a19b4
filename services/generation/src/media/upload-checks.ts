import { Injectable } from '@nestjs/common';
import { ErrorCode, isUploadOf, userFolder } from '@lipcast/contracts';
import { ServiceError, StorageService, type StoredObject } from '@lipcast/nest-kit';
import { GenerationSettings } from '../settings';

/** "2 GB", "500 MB": a quota as users read it. */
export function formatBytes(bytes: number): string {
  const gigabytes = bytes / 1024 ** 3;
  if (gigabytes >= 1) return `${Number.isInteger(gigabytes) ? gigabytes : gigabytes.toFixed(1)} GB`;
  return `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;
}

export const storageFullMessage = (quotaBytes: number) => `Your storage is full (${formatBytes(quotaBytes)}). Delete some videos or influencers to make room.`;

/**
 * What the gateway asks before it stores an uploaded picture: may this user start a clip from it?
 * The picture must fit in the user's storage. The clip costs no generation (it is a free preview:
 * its start takes one of the day's image previews). Nothing is stored when the answer is no.
 */
@Injectable()
export class UploadChecks {
  constructor(
    private readonly storage: StorageService,
    private readonly settings: GenerationSettings,
  ) {}

  async check(userId: string, bytes: number): Promise<{ allowed: true }> {
    await this.checkRoom(userId, bytes);
    return { allowed: true };
  }

  /** Refuses (413) when `bytes` more would not fit in the user's storage. */
  async checkRoom(userId: string, bytes: number): Promise<void> {
    const used = await this.storage.usage(userFolder(userId));
    if (used + bytes > this.settings.USER_STORAGE_QUOTA_BYTES) throw new ServiceError(ErrorCode.PayloadTooLarge, storageFullMessage(this.settings.USER_STORAGE_QUOTA_BYTES));
  }

  /**
   * Takes in a media upload that comes with the creator's consent (an own actor's clip, a voice):
   * refuses another user's key, a consent not given, a missing object, a type `rules.accepts`
   * refuses and a full storage (the upload already counts in the user's folder, and what is kept
   * takes its place), each beside its field; then `keep` makes what is kept from it. The upload is
   * removed whatever happens: it was only the way in.
   */
  async takeConsented<T>(
    request: { userId: string; key: string; consent: boolean },
    rules: { field: string; consent: string; missing: string; wrongType: string; accepts: (contentType: string) => boolean },
    keep: (upload: StoredObject) => Promise<T>,
  ): Promise<T> {
    const { userId, key } = request;
    if (!isUploadOf(userId, key)) throw ServiceError.validation('key must be one of your uploads', { field: rules.field });
    try {
      if (request.consent !== true) throw ServiceError.validation(rules.consent, { field: 'consent' });
      const upload = await this.storage.stat(key);
      if (!upload) throw ServiceError.validation(rules.missing, { field: rules.field });
      if (!rules.accepts(upload.contentType)) throw ServiceError.validation(rules.wrongType, { field: rules.field });
      await this.checkRoom(userId, 0);
      return await keep(upload);
    } finally {
      await this.storage.remove(key).catch(() => undefined);
    }
  }
}
