import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ErrorCode, userFolder } from '@lipcast/contracts';
import { ServiceError, StorageService } from '@lipcast/nest-kit';
import { InfluencersService } from '../influencers/influencers.service';
import { generationDatabase } from '../database';
import { JobsService } from '../jobs/jobs.service';

/**
 * Deleting a user's account, as far as generation goes: live jobs are cancelled (their credits come
 * back before billing anonymises the ledger), every influencer goes with its public copies, then the
 * history, jobs and reports the user made, and last everything under `users/<id>/` in the store.
 * Each step can run again, so a failed deletion can be retried.
 */
@Injectable()
export class UserDataService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly influencers: InfluencersService,
    private readonly jobs: JobsService,
  ) {}

  async delete(userId: string): Promise<{ deleted: true }> {
    const db = generationDatabase(this.em);
    const live = await db.selectFrom('job').select('id').where('userId', '=', userId).where('status', 'in', ['queued', 'running', 'waiting']).execute();
    for (const job of live) await this.jobs.cancel(userId, job.id).catch(ignoreFinishedJob);
    await this.influencers.deleteAllOf(userId);
    await db.deleteFrom('project').where('userId', '=', userId).execute();
    await db.deleteFrom('job').where('userId', '=', userId).execute();
    await db.deleteFrom('webhook_delivery').where('userId', '=', userId).execute(); // with their attempts
    await db.deleteFrom('webhook_endpoint').where('userId', '=', userId).execute();
    await db.deleteFrom('batch').where('userId', '=', userId).execute(); // with their rows
    await db.deleteFrom('influencer_report').where('reporter', '=', userId).execute();
    await this.storage.removeFolder(userFolder(userId));
    return { deleted: true };
  }
}

/** A job that ended meanwhile (409) or is gone (404) needs no cancelling. */
function ignoreFinishedJob(error: unknown): void {
  if (error instanceof ServiceError && (error.payload.code === ErrorCode.Conflict || error.payload.code === ErrorCode.NotFound)) return;
  throw error;
}
