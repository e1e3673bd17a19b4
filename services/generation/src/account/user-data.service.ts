import { Injectable } from '@nestjs/common';
import { userFolder } from '@lipcast/contracts';
import { StorageService } from '@lipcast/nest-kit';
import { InfluencersService } from '../influencers/influencers.service';
import { ignoreFinishedJob, JobsService } from '../jobs/jobs.service';
import { UserDataRepository } from './user-data.repository';

/**
 * Deleting a user's account, as far as generation goes: live jobs are cancelled (their credits come
 * back before billing anonymises the ledger), every influencer goes with its public copies, then the
 * history, jobs and reports the user made, and last everything under `users/<id>/` in the store.
 * Each step can run again, so a failed deletion can be retried.
 */
@Injectable()
export class UserDataService {
  constructor(
    private readonly rows: UserDataRepository,
    private readonly storage: StorageService,
    private readonly influencers: InfluencersService,
    private readonly jobs: JobsService,
  ) {}

  async delete(userId: string): Promise<{ deleted: true }> {
    for (const jobId of await this.rows.liveJobIds(userId)) await this.jobs.cancel(userId, jobId).catch(ignoreFinishedJob);
    await this.influencers.deleteAllOf(userId);
    await this.rows.deleteRowsOf(userId);
    await this.storage.removeFolder(userFolder(userId));
    return { deleted: true };
  }
}
