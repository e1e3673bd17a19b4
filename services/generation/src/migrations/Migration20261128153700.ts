import { Migration } from '@mikro-orm/migrations';

/**
 * A public API video follows its newest job: `job_id` names the job an operator's retry made (null:
 * the video's first job, whose id is the video's). Pending webhook deliveries are found by when
 * they are due, for the sweep that queues again the ones never queued.
 */
export class Migration20261128153700 extends Migration {
  override name = 'Migration20261128153700';

  override up(): void {
    this.addSql('alter table "generation"."video" add column "job_id" uuid null');
    this.addSql('create index "video_job_index" on "generation"."video" ((coalesce("job_id", "id")))');
    this.addSql(`create index "webhook_delivery_pending_index" on "generation"."webhook_delivery" ("next_attempt_at") where "status" = 'pending'`);
  }

  override down(): void {
    this.addSql('drop index if exists "generation"."webhook_delivery_pending_index"');
    this.addSql('drop index if exists "generation"."video_job_index"');
    this.addSql('alter table "generation"."video" drop column if exists "job_id"');
  }
}
