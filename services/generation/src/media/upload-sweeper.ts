import { Injectable } from '@nestjs/common';
import { UPLOAD_KEY_PATTERN, USERS_ROOT } from '@lipcast/contracts';
import { PeriodicWork, StorageService } from '@lipcast/nest-kit';
import { GenerationSettings } from '../settings';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes uploaded pictures (`users/<id>/uploads/`) older than the grace period, every hour. Nothing
 * refers to an upload for long: the gateway stores one just before the clip starts, and starting
 * copies it into the new project's own folder (`projectFor` in influencers.service.ts), so what
 * stays in uploads/ is either already copied or from a start that failed. Runs where requests are
 * answered (the `api` and `all` roles), not in workers.
 */
@Injectable()
export class UploadSweeper extends PeriodicWork {
  protected readonly work = 'upload sweep';
  protected readonly intervalMs = () => SWEEP_INTERVAL_MS;
  protected readonly runPass = () => this.sweep();
  protected override readonly runsHere = () => this.settings.GENERATION_ROLE !== 'worker';

  constructor(
    private readonly storage: StorageService,
    private readonly settings: GenerationSettings,
  ) {
    super();
  }

  /** One pass; returns the keys it removed. */
  async sweep(now = new Date()): Promise<string[]> {
    const cutoff = now.getTime() - this.settings.UPLOAD_GRACE_SECONDS * 1000;
    const removed: string[] = [];
    // One listing of every user's objects (the embedded S3 server cannot list folders by delimiter).
    for (const object of await this.storage.list(USERS_ROOT)) {
      if (!UPLOAD_KEY_PATTERN.test(object.key) || object.lastModified.getTime() > cutoff) continue;
      await this.storage.remove(object.key);
      removed.push(object.key);
    }
    if (removed.length) this.logger.log(`removed ${removed.length} upload(s) older than ${this.settings.UPLOAD_GRACE_SECONDS} s`);
    return removed;
  }
}
