import { Injectable } from '@nestjs/common';
import { GenerationRepository } from '../database';

/** What account deletion removes of a user across generation's tables (their influencers go through `InfluencersService`, for their media). */
@Injectable()
export class UserDataRepository extends GenerationRepository {
  /** The user's jobs still under way (queued, running or parked on a provider). */
  async liveJobIds(userId: string): Promise<string[]> {
    const live = await this.db.selectFrom('job').select('id').where('userId', '=', userId).where('status', 'in', ['queued', 'running', 'waiting']).execute();
    return live.map((job) => job.id);
  }

  /** The history, video fixes, jobs, webhooks, batches, reports, own actors and consents the user made, one table after another. */
  async deleteRowsOf(userId: string): Promise<void> {
    await this.db.deleteFrom('project').where('userId', '=', userId).execute();
    await this.db.deleteFrom('video_revision').where('userId', '=', userId).execute();
    await this.db.deleteFrom('job').where('userId', '=', userId).execute();
    await this.db.deleteFrom('webhook_delivery').where('userId', '=', userId).execute(); // with their attempts
    await this.db.deleteFrom('webhook_endpoint').where('userId', '=', userId).execute();
    await this.db.deleteFrom('batch').where('userId', '=', userId).execute(); // with their rows
    await this.db.deleteFrom('influencer_report').where('reporter', '=', userId).execute();
    await this.db.deleteFrom('own_actor').where('userId', '=', userId).execute();
    await this.db.deleteFrom('likeness_consent').where('userId', '=', userId).execute(); // after the actors that point to them
  }
}
