import { Migration } from '@mikro-orm/migrations';

/**
 * Fixing one sentence of a finished video (issue 36, item 5): a row per fix, and jobs that cost no
 * generation (a video's first fixes: `credit` 'free', never reserved).
 */
export class Migration20261129140000 extends Migration {
  override name = 'Migration20261129140000';

  override up(): void {
    this.addSql(`create table "generation"."video_revision" (
      "job_id" uuid not null primary key,
      "user_id" uuid not null,
      "root_job_id" uuid not null,
      "from_job_id" uuid not null,
      "version" int not null,
      "sentence_index" int not null,
      "before" text not null,
      "after" text not null,
      "script" text not null,
      "charged" boolean not null,
      "created_at" timestamptz not null default now())`);
    this.addSql('create index "video_revision_user_id_index" on "generation"."video_revision" ("user_id")');
    this.addSql('create index "video_revision_root_job_id_index" on "generation"."video_revision" ("root_job_id")');
    this.addSql('alter table "generation"."job" drop constraint if exists "job_credit_check"');
    this.addSql(`alter table "generation"."job" add constraint "job_credit_check" check ("credit" in ('reserved', 'committed', 'released', 'free'))`);
  }

  override down(): void {
    this.addSql('drop table "generation"."video_revision"');
    this.addSql(`update "generation"."job" set "credit" = 'released' where "credit" = 'free'`);
    this.addSql('alter table "generation"."job" drop constraint if exists "job_credit_check"');
    this.addSql(`alter table "generation"."job" add constraint "job_credit_check" check ("credit" in ('reserved', 'committed', 'released'))`);
  }
}
