import { Migration } from '@mikro-orm/migrations';

/**
 * The job queue's outbox (issue 33): whether a queued job's message reached JetStream, and the message
 * id it is (or was) published with. A job is written unpublished in its submission; the dispatcher
 * publishes every queued job still unpublished after a moment, so no accepted job waits for a message
 * that was never sent. Every job of earlier releases was published when it was queued.
 */
export class Migration20261129020000 extends Migration {
  override name = 'Migration20261129020000';

  override up(): void {
    this.addSql(`alter table "generation"."job"
      add column "published_at" timestamptz null,
      add column "queue_message_id" varchar(200) null`);
    this.addSql('update "generation"."job" set "published_at" = "created_at", "queue_message_id" = "id"::text');
    this.addSql(`create index "job_unpublished_index" on "generation"."job" ("updated_at") where "status" = 'queued' and "published_at" is null`);
  }

  override down(): void {
    this.addSql('drop index "generation"."job_unpublished_index"');
    this.addSql('alter table "generation"."job" drop column "published_at", drop column "queue_message_id"');
  }
}
