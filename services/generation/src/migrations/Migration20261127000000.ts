import { Migration } from '@mikro-orm/migrations';

/**
 * Public API batches and their rows. A row keeps its video's id without a foreign key: the video may
 * be deleted through `DELETE /api/v1/videos/{id}` while the batch still reports what happened.
 */
export class Migration20261127000000 extends Migration {
  override name = 'Migration20261127000000';

  override up(): void {
    this.addSql(`create table "generation"."batch" (
      "id" uuid primary key,
      "user_id" uuid not null,
      "status" varchar(20) not null,
      "created_at" timestamptz not null default now(),
      "completed_at" timestamptz null
    )`);
    this.addSql('create index "batch_user_index" on "generation"."batch" ("user_id", "created_at" desc)');
    this.addSql(`create table "generation"."batch_row" (
      "batch_id" uuid not null references "generation"."batch" ("id") on delete cascade,
      "row" integer not null,
      "user_id" uuid not null,
      "input" jsonb not null,
      "status" varchar(20) not null,
      "video_id" uuid null,
      "error" text null,
      primary key ("batch_id", "row")
    )`);
    this.addSql(`create index "batch_row_live_index" on "generation"."batch_row" ("user_id", "status") where "status" in ('pending', 'running')`);
  }

  override down(): void {
    this.addSql('drop table if exists "generation"."batch_row"');
    this.addSql('drop table if exists "generation"."batch"');
  }
}
