import { Migration } from '@mikro-orm/migrations';

/** A job an operator retried (operator console) names the job it retries, for both jobs' timelines. */
export class Migration20261126000000 extends Migration {
  override name = 'Migration20261126000000';

  override up(): void {
    this.addSql('alter table "generation"."job" add column "retry_of" uuid null');
    this.addSql('create index "job_retry_of_index" on "generation"."job" ("retry_of") where "retry_of" is not null');
  }

  override down(): void {
    this.addSql('drop index if exists "generation"."job_retry_of_index"');
    this.addSql('alter table "generation"."job" drop column "retry_of"');
  }
}
